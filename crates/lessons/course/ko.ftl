course-title = 파드의 탄생과 죽음
course-intro = 파드가 처음 요청으로 들어와 마지막 시그널을 받기까지를 순서대로 따라갑니다. 레슨마다 작은 클러스터에서 할 일이 주어지고, 진행하는 동안 바로 확인해 줍니다.

sequence-birth-title = 파드의 탄생
sequence-birth-intro = kubectl에서 실행 중인 컨테이너까지: API 서버, 스케줄러, kubelet, 컨테이너 런타임이 차례로 하는 일.
