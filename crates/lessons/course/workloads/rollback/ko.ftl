title = 이전 리비전으로 롤백하기
intro =
    web 디플로이먼트가 방금 nginx 1.27에서 1.28로 업그레이드되었는데(리비전 2), 1.28이 잘못된 선택으로
    드러났습니다. 파드 템플릿이 바뀔 때마다 레플리카셋이 따로 생겼고, 옛 레플리카셋은 레플리카 0개로
    아직 남아 있습니다. kubectl rollout history와 kubectl get rs를 살펴본 뒤 kubectl rollout undo로
    되돌리고, 어느 레플리카셋이 늘어나는지, 리비전 번호는 어떻게 되는지 지켜보세요.
goal-back-on-old = web 디플로이먼트가 다시 nginx:1.27로 실행되고, 파드 세 개가 모두 사용 가능하다
goal-reused = 새 레플리카셋은 없다. 첫 레플리카셋(web-766486c5b6)이 준비된 파드 세 개로 돌아와 리비전 3이 된다
hint-1 = kubectl rollout history deployment/web은 리비전 목록을, kubectl rollout history deployment/web --revision=1은 그 리비전의 파드 템플릿을 보여 줍니다.
hint-2 = kubectl get rs -o wide는 레플리카셋마다 이미지를 보여 줍니다. 레플리카가 0개인 쪽이 리비전 1입니다.
hint-3 = kubectl rollout undo deployment/web은 직전 리비전으로 되돌립니다(--to-revision=N으로 다른 리비전을 고를 수 있습니다). 이어서 kubectl rollout status deployment/web으로 지켜보세요.
question-history-after = kubectl rollout undo를 실행했습니다. 롤백이 끝나면 kubectl rollout history에는 무엇이 나올까요?
question-history-after-two-three = 리비전 2와 3. 리비전 1의 레플리카셋이 다시 늘어나 리비전 3이 된다
question-history-after-one-two-three = 리비전 1, 2, 3. 롤백하면 리비전 1을 복사한 세 번째 레플리카셋이 생긴다
question-history-after-one-two = 리비전 1과 2. 디플로이먼트가 리비전 1로 돌아간다
question-history-after-explain =
    리비전 2와 3입니다. kubectl rollout undo는 리비전 1의 파드 템플릿을 디플로이먼트에 다시 복사합니다.
    템플릿이 바뀌었으니 평범한 롤링 업데이트입니다. 디플로이먼트 컨트롤러는 새 템플릿과 같은 템플릿을
    가진 레플리카셋을 찾고(pod-template-hash 레이블은 빼고 비교), web-766486c5b6를 찾아 새로 만드는
    대신 그것을 다시 씁니다. 롤아웃은 언제나 앞으로만 가므로 이 레플리카셋은 다음 번호인 3을 받고
    (deployment.kubernetes.io/revision-history 어노테이션에 옛 번호 1이 남습니다), 목록에서 리비전 1은
    사라집니다. kubectl set image나 kubectl apply로 이미지를 되돌렸어도 결과는 똑같습니다. 되돌아가는
    것은 파드 템플릿뿐입니다. 그사이 바뀐 데이터베이스 스키마나 수정한 컨피그맵은 그대로 남습니다.
