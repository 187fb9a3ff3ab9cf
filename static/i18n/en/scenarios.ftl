scenario-picker-label = Scenario
scenario-nginx-title = An nginx pod
scenario-nginx-intro = Press Apply.
