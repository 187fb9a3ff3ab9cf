title = 롤링 업데이트: 레플리카셋 하나는 늘고 하나는 준다
intro =
    web 디플로이먼트는 registry.podlife.dev/app:1.0 레플리카 여섯 개를 실행하고, 각 파드는 시작하고
    3초 뒤에 Ready가 됩니다. 2.0 버전을 배포해 보세요. 이미지를 바꾸고(kubectl set image, 또는 탭을
    고친 뒤 적용) kubectl get rs로 두 레플리카셋을 지켜보세요. 디플로이먼트는 파드를 한꺼번에 바꾸지
    않습니다. 새 파드 템플릿으로 새 레플리카셋을 만들어 늘리고 옛 레플리카셋을 줄이되, maxSurge와
    maxUnavailable의 한도 안에서 움직입니다.
goal-rolled-out = web 파드 여섯 개가 모두 app:2.0으로 실행되고 롤아웃이 끝난다(NewReplicaSetAvailable)
goal-old-kept = 옛 레플리카셋이 레플리카 0개로 남아 있다
goal-stayed-available = 롤아웃 내내 사용 가능한 web 파드가 다섯 개 이상이었다
hint-1 = kubectl set image deployment/web app=registry.podlife.dev/app:2.0 (컨테이너 이름은 app입니다).
hint-2 = 바로 이어서 kubectl get rs를 몇 번 실행해 보세요(사이에 sleep 1). 새 레플리카셋과 옛 레플리카셋의 DESIRED가 단계마다 바뀝니다.
hint-3 = kubectl rollout status deployment/web은 끝날 때까지 기다립니다. kubectl get events --field-selector involvedObject.kind=Deployment는 ScalingReplicaSet 단계를 모두 보여 줍니다.
question-first-step = 레플리카 여섯 개, maxSurge 25%, maxUnavailable 25%입니다. 이 롤아웃 동안 web 파드는 최대 몇 개까지 있을 수 있고, 최소 몇 개가 사용 가능해야 할까요?
question-first-step-eight-five = 최대 8개, 최소 5개 사용 가능
question-first-step-seven-five = 최대 7개, 최소 5개 사용 가능
question-first-step-eight-four = 최대 8개, 최소 4개 사용 가능
question-first-step-explain =
    최대 8개, 최소 5개입니다. 6의 25%는 1.5인데, maxSurge는 올림(여섯 개 위로 2개), maxUnavailable은
    내림(아래로 1개)합니다. 그래야 비율 때문에 롤아웃이 막히지도 않고, 요청한 것보다 많은 용량을 빼지도
    않습니다. 새 레플리카셋에는 이 상한이 deployment.kubernetes.io/max-replicas: 8 어노테이션으로
    붙습니다. 첫 단계에서 새 레플리카셋을 0에서 2로, 옛 레플리카셋을 6에서 5로 조정했고("Scaled down
    replica set … from 6 to 5"), 이어서 새 레플리카셋을 3으로 늘려 여덟 개를 채웠습니다. 그 뒤로는 새
    파드가 하나 Ready가 될 때마다 컨트롤러가 옛 파드 하나를 빼고 새 파드 하나를 더했습니다. 옛
    레플리카셋은 레플리카 0개로 남습니다. 롤백하면 돌아갈 리비전이 바로 이것입니다.
compare =
    비교를 열면 같은 출발점에서 레플리카 네 개를 새 이미지로 두 번 롤아웃합니다. A는 기본 전략이라
    maxUnavailable 25 %만큼 대체 파드가 사용 가능해지기 전에 옛 파드 하나를 내릴 수 있고, B는
    maxUnavailable: 0입니다. 결과 표에서 ‘롤아웃 중 최소 가용 수’는 A가 3, B가 4입니다. 대신 B의
    롤아웃은 두 배쯤 오래 걸립니다. 새 파드가 사용 가능해져야 옛 파드를 하나 내리기 때문입니다.
