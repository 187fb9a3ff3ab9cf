title = 느린 시작: initialDelaySeconds와 startup 프로브
intro =
    파드 slow의 앱은 8080에서 요청을 받기 전에 60초 동안 로딩합니다. liveness 프로브는 10초마다
    /healthz를 확인하고 세 번 실패하면 포기합니다. initialDelaySeconds: 20으로 늦추는 것은 너무
    짧은 추측입니다. kubelet이 아직 로딩 중인 앱을 죽이고, 새로 시작할 때마다 다시 60초를
    로딩하므로 파드는 끝내 Ready가 되지 못합니다. startup 프로브는 앱이 한 번 응답할 때까지
    (failureThreshold × periodSeconds 안에서라면 얼마나 걸리든) liveness와 readiness 프로브를
    미룹니다.
a = initialDelaySeconds: 20인 liveness 프로브
b = startupProbe(24 × 5초)
expect = A는 계속 재시작되고 Ready가 되지 못합니다. B는 재시작 없이 1분쯤 뒤 Ready가 됩니다.
