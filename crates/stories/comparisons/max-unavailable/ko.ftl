title = 롤링 업데이트: 기본 maxUnavailable과 maxUnavailable: 0
intro =
    Deployment web이 nginx 레플리카 네 개를 새 이미지로 롤아웃합니다. 기본 전략(maxSurge와
    maxUnavailable 모두 25 %, 레플리카 네 개면 각각 파드 하나)에서는 컨트롤러가 대체 파드가
    사용 가능해지기 전에 이전 파드를 내릴 수 있어서, 한동안 사용 가능한 파드가 세 개뿐입니다.
    maxUnavailable: 0이면 새 파드가 먼저 사용 가능해질 때까지 기다리므로, 내내 네 개가 모두
    사용 가능합니다.
a = 기본 전략(maxUnavailable 25 %)
b = maxUnavailable: 0
expect = 롤아웃 동안 사용 가능한 레플리카의 최솟값이 A는 3, B는 4입니다.
