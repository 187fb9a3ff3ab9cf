scenario-picker-label = 시나리오
scenario-nginx-title = nginx 파드
scenario-nginx-intro = 적용을 누르세요.
