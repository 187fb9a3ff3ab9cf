# What each reaction means, for a learner. Arguments come from the engine's trace
# (crates/player/src/explain.rs). kubectl output, API fields and reasons stay as a cluster prints them.
# 한국어판: 학습자를 위한 설명(합니다체). 용어는 kubernetes.io/ko 문서를 따르고,
# 변수 뒤에는 받침과 상관없는 조사(에서, 의, 에, 입니다)만 붙입니다.

## API calls: one request from the client to kube-apiserver and back

explain-api-create-pod =
    { $caller }에서 POST { $path } 요청을 보냈습니다. kube-apiserver는 요청자를 { $user } 사용자로 인증하고 인가 단계에서 허용을 확인한 뒤(근거: { $allowedBy }), 비어 있던 필드 { $defaulted }개를 기본값으로 채우고{ $hasAdmission ->
        [no] {""}
       *[yes] {" "}어드미션 플러그인({ $admission })의 변경까지 반영한 다음
    } 유효성 검사를 마쳤습니다. etcd에 { $object } 오브젝트가 저장되었으니(리비전 { $revision }) 이제 파드는 존재합니다. 하지만 아직 기록일 뿐, 이 파드를 실행하는 노드는 없습니다.{ $hasNotModelled ->
        [no] {""}
       *[yes] {" "}기능 게이트가 { $notModelled } 필드를 허용했지만, podlife는 그 효과를 모델링하지 않습니다. 실제 클러스터에서는 다르게 동작할 수 있습니다.
    }
explain-api-create =
    { $caller }에서 { $object } 오브젝트를 생성했습니다(POST { $path }). 인증({ $user }), 인가({ $allowedBy }), 어드미션, 유효성 검사를 차례로 통과해 etcd에 저장되었고(리비전 { $revision }), 이 종류의 오브젝트를 워치하는 모든 클라이언트에 변경이 전달됩니다.{ $hasNotModelled ->
        [no] {""}
       *[yes] {" "}기능 게이트가 { $notModelled } 필드를 허용했지만, podlife는 그 효과를 모델링하지 않습니다. 실제 클러스터에서는 다르게 동작할 수 있습니다.
    }
explain-api-binding =
    { $caller }에서 { $object }에 대한 바인딩(Binding)을 POST로 보냈습니다. 스케줄러의 결정은 이렇게 해야 실제로 반영됩니다. kube-apiserver가 spec.nodeName을 채우고 etcd에 저장하면(리비전 { $revision }), 자기 노드에 바인딩된 파드를 워치하던 해당 노드의 kubelet이 이를 알아차립니다.
explain-api-event =
    { $caller }에서 방금 한 일을 이벤트로 기록했습니다(POST { $path }).{ $hasReason ->
        [yes] {" "}대상: { $about }, 이유: { $reason }{ $hasMessage ->
            [yes] , 메시지: “{ $message }”
           *[no] {""}
        }.
       *[no] {""}
    } 이벤트도 평범한 API 오브젝트이며, `kubectl describe`와 `kubectl get events`가 이 기록을 읽어 보여 줍니다.
explain-api-pod-status =
    { $caller }에서 파드 상태를 보고했습니다({ $verb } { $path }). API 서버는 kubelet이 알려 주는 것만 알 수 있어서, 단계(phase), 컨디션, 컨테이너 상태, 파드 IP가 모두 이 경로로 들어옵니다. 변경은 etcd에 저장되었습니다(리비전 { $revision }).
explain-api-node-status =
    { $caller }에서 자기 노드(Node)의 상태를 갱신했습니다({ $verb } { $path }). 컨디션, 용량(capacity), 이미지 목록이 담기며, kubelet은 10초마다 상태를 점검하되 바뀐 것이 있거나 마지막 보고 뒤 5분이 지났을 때 이렇게 보고합니다.
explain-api-lease =
    { $caller }에서 자기 리스(Lease)를 갱신했습니다(PUT { $path }). 노드 라이프사이클 컨트롤러에게 이 노드가 살아 있다고 알리는, 비용이 적게 드는 하트비트입니다.
explain-api-delete-pod =
    { $caller }에서 { $object } 삭제를 요청했습니다(DELETE { $path }). 실행 중인 파드는 곧바로 사라지지 않습니다. kube-apiserver가 먼저 metadata.deletionTimestamp와 종료 유예 기간을 기록하고, kubelet이 컨테이너를 모두 멈춘 다음 유예 기간 0으로 DELETE를 다시 보내야 오브젝트가 실제로 삭제됩니다.
explain-api-delete =
    { $caller }에서 { $object } 오브젝트를 삭제했습니다(DELETE { $path }).
explain-api-update =
    { $caller }에서 { $object } 오브젝트를 변경했습니다({ $verb } { $path }). etcd에 저장된 새 리비전은 { $revision }입니다.
explain-api-ephemeral-containers =
    { $caller }에서 `kubectl debug`처럼 { $object }에 임시 컨테이너(ephemeral container)를 추가했습니다({ $verb } { $path }). 이 하위 리소스로는 spec.ephemeralContainers만 바꿀 수 있고, 이미 있는 임시 컨테이너는 바꾸거나 지울 수 없으며, 포트·프로브·라이프사이클 훅·리소스도 지정할 수 없습니다. etcd에 리비전 { $revision }으로 저장되었고, 파드가 있는 노드의 kubelet이 새 컨테이너를 한 번 시작하며 다시 시작하지는 않습니다.
explain-api-read =
    { $caller }에서 API를 조회했습니다({ $verb } { $path }). 읽기만 했으므로 etcd에는 아무 변화가 없습니다.
explain-api-read-missing =
    { $caller }에서 { $object } 오브젝트를 조회했지만(GET { $path }) 404 NotFound가 돌아왔습니다. 아직 존재하지 않는다는 뜻입니다. `kubectl apply`는 언제나 이렇게 먼저 조회해 보고, 없으면 이어서 오브젝트를 생성합니다.
explain-api-rejected =
    kube-apiserver가 { $caller }의 { $verb } { $path } 요청을 { $stage ->
        [authn] 인증
        [authz] 인가(RBAC)
        [admission] 어드미션
        [webhook] 어드미션 웹훅
        [validation] 유효성 검사
        [decode] 디코딩
        [etcd] 저장(레지스트리)
       *[other] { $stage }
    } 단계에서 거부했습니다(응답 코드 { $code }{ $hasReason ->
        [no] {""}
       *[yes] , { $reason }
    }). 아무것도 저장되지 않았습니다.
explain-api-webhook-wait =
    kube-apiserver가 { $caller }의 { $verb } { $path } 요청을 잠시 붙잡아 두고, { $plugin } 플러그인이 { $several ->
        [yes] 웹훅 { $webhooks }을(를) 동시에
       *[no] 웹훅 { $webhooks }을(를)
    } 호출합니다. { $url }(으)로 AdmissionReview를 POST하고 최대 { $timeout }초 동안 응답을 기다립니다. 그동안 클러스터의 다른 구성 요소는 계속 움직이고, 클라이언트는 응답을 기다릴 뿐입니다.
explain-api-webhook-answer =
    웹훅 { $webhook }이(가) { $duration }ms 만에 응답했습니다({ $result ->
        [allowed] 허용
        [patched] 허용, 객체를 바꾸는 JSON 패치 포함
        [denied] 거부
       *[failed] 호출은 실패했지만 failurePolicy가 Ignore라 무시
    }). 이어서 kube-apiserver가 { $caller }의 { $verb } { $path } 요청을 마저 처리했습니다{ $revision ->
        [0] {""}
       *[other] . etcd는 { $object }을(를) 리비전 { $revision }(으)로 저장했습니다
    }.

## kube-scheduler

explain-schedule-ok =
    kube-scheduler가 { $pod } 파드의 스케줄링 사이클을 한 번 실행했습니다. 필터링으로 이 파드를 실행할 수 없는 노드를 걸러 내고(노드 { $evaluated }개 중 { $feasible }개 통과), { $notEvaluated ->
        [0] {""}
       *[other] 충분한 노드를 찾은 그 자리에서 멈춰 노드 { $notEvaluated }개는 살펴보지 않았습니다. 노드가 100개 이상인 클러스터에서는 통과한 노드가 충분해지면 탐색을 멈추고(percentageOfNodesToScore, 기본값은 50 %에서 노드 125개마다 1 %씩 줄고 최소 5 %, 최소 노드 100개), 다음 사이클은 이번에 멈춘 곳부터 시작합니다.{" "}
    }{ $hasScore ->
        [yes] 스코어링으로 남은 노드의 순위를 매긴 결과 { $score }점을 받은 { $node } 노드가 선택되었습니다.
       *[no] 통과한 노드가 { $node } 하나뿐이라 스코어링은 건너뛰었습니다.
    } 다음 단계는 파드를 { $node } 노드에 바인딩하는 것입니다.
explain-schedule-failed =
    kube-scheduler가 { $pod } 파드를 실행할 노드를 찾지 못했습니다(노드 { $evaluated }개 중 { $feasible }개 통과). 파드는 Pending 상태로 남아 스케줄링 큐로 돌아가며, 클러스터에 관련된 변화가 생기면 다시 시도됩니다. { $message }

## Watches and informers

explain-informer-scheduler =
    kube-scheduler의 인포머가 { $object }에 대한 { $type } 이벤트를 받았습니다. spec.nodeName이 비어 있는 파드는 스케줄링 큐에 들어가고, 스케줄러는 어느 노드에서 무엇이 실행 중인지 담아 둔 캐시도 함께 최신으로 유지합니다.
explain-informer-kubelet =
    { $component }의 워치로 { $object }에 대한 { $type } 이벤트가 도착했습니다. kubelet은 저마다 자기 노드에 바인딩된 파드만 워치하며, 이렇게 해서 자기가 할 일이 생겼음을 알게 됩니다.
explain-informer-controllers =
    kube-controller-manager의 공유 인포머(shared informer)가 { $object }에 대한 { $type } 이벤트를 받았습니다. 그 안의 컨트롤러들이 각자 조정(reconcile)할 일이 있는지 확인합니다.
explain-informer =
    { $component }의 워치로 { $object }에 대한 { $type } 이벤트가 도착했습니다.
explain-informer-list =
    { $component }에서 캐시를 채우기 위해 { $resource } 목록을 가져왔습니다(오브젝트 { $count }개). 이후로는 워치로 변경 사항만 받아 봅니다.
explain-watch =
    kube-apiserver의 워치 캐시가 { $object }에 대한 { $type } 이벤트를 이 오브젝트를 워치하는 모든 클라이언트에 보냈습니다.

## kubelet

explain-kubelet-sync =
    { $component }에서 { $object }에 대해 { $type ->
        [SyncPod] SyncPod를 실행했습니다. 파드에 있어야 할 컨테이너와 런타임에 실제로 있는 컨테이너를 비교해, 빠진 것을 시작합니다.
        [SyncTerminatingPod] SyncTerminatingPod를 실행했습니다. 컨테이너를 멈추는 단계로, { $hasGrace ->
            [no] 아직 실행 중인 컨테이너가 있으면 정지시킵니다.
           *[yes] 각 컨테이너에 종료할 시간 { $grace }초를 줍니다.
        }
        [SyncTerminatedPod] SyncTerminatedPod를 실행했습니다. 컨테이너는 모두 사라졌고, 이제 볼륨 등 파드가 남긴 것을 정리하고 최종 상태를 보고합니다.
       *[other] { $type } 동기화를 실행했습니다.
    }
explain-pleg =
    { $scope ->
        [pod] 동기화에서 한 작업이 모두 성공하자 { $component }의 PLEG(파드 라이프사이클 이벤트 생성기)가 곧바로 이 파드의 컨테이너만 다시 조회(relist)해 { $container } 컨테이너의 { $type } 이벤트를 발견했습니다{ $count ->
            [1] {""}
           *[other] {" "}(다른 이벤트까지 모두 { $count }건)
        }. 1.36에서 기본으로 켜진 이 즉시 조회(PLEGOnDemandRelist) 덕분에, 방금 시작한 컨테이너를 다음 주기 조회까지 기다리지 않고 알아차리고 파드를 바로 다시 동기화합니다.
       *[node] { $component }의 PLEG(파드 라이프사이클 이벤트 생성기)가 런타임을 다시 조회(relist)해 { $container } 컨테이너의 { $type } 이벤트를 발견했습니다{ $count ->
            [1] {""}
           *[other] {" "}(다른 이벤트까지 모두 { $count }건)
        }. 기본 설정의 kubelet은 containerd가 이벤트를 밀어 주기를 기다리지 않고 주기적으로 직접 조회한 뒤, 그 결과로 파드를 동기화합니다.
    }
explain-kubelet-evict =
    { $component }의 축출 관리자(eviction manager)가 { $object }를 축출합니다. { $check ->
        [emptydir] emptyDir 볼륨이 sizeLimit보다 많이 쓰였습니다
        [pod] 파드의 로컬 스토리지(쓰기 가능 레이어, 로그, emptyDir 볼륨) 사용량이 컨테이너들의 ephemeral-storage 한도 합계를 넘었습니다
       *[other] 한 컨테이너의 쓰기 가능 레이어와 로그가 그 컨테이너의 ephemeral-storage 한도를 넘었습니다
    } ({ $message }). 파드에는 멈출 시간이 1초 주어지고, 이유(reason) Evicted로 Failed 상태가 되며 이 노드에서 다시 시작되지 않습니다.
explain-kill =
    { $component }에서 { $container } 컨테이너를 종료하고 있습니다(종료 유예 기간 { $grace }초). 먼저 정지 시그널을 보내고, 그 시간 안에 끝나지 않으면 SIGKILL을 보냅니다.
explain-probe =
    { $component }에서 { $container } 컨테이너의 { $probe ->
        [Liveness] 활성 프로브(liveness)
        [Readiness] 준비성 프로브(readiness)
        [Startup] 스타트업 프로브(startup)
       *[other] { $probe } 프로브
    }를 실행했고, 결과는 { $result ->
        [success] 성공
       *[other] 실패
    }입니다. { $probe ->
        [Liveness] 활성 프로브가 정해진 횟수(failureThreshold)만큼 연달아 실패하면 kubelet이 컨테이너를 종료하고 재시작 정책에 따라 다시 시작합니다.
        [Readiness] 준비성 프로브는 파드를 Ready로 볼지(서비스 트래픽을 받을지) 정할 뿐이라, 실패해도 아무것도 재시작하지 않습니다.
        [Startup] 스타트업 프로브가 성공할 때까지 활성 프로브와 준비성 프로브는 기다리며, 스타트업 프로브가 끝내 실패하면 컨테이너가 재시작됩니다.
       *[other] {""}
    }
explain-hook =
    { $component }에서 { $container } 컨테이너의 { $hook } 훅을 실행{ $hasError ->
        [no] 했습니다.
       *[yes] 했지만 실패했습니다: { $error }
    }
explain-exec =
    { $component }에서 명령 하나를 { $container } 컨테이너 안에서 실행했습니다(kubectl exec 요청은 kubelet을 거쳐 컨테이너 런타임으로 전달됩니다).
explain-logs =
    { $component }에서 { $container } 컨테이너의 로그를 보내 주었습니다(kubectl logs는 컨테이너 런타임이 노드에 기록해 둔 로그 파일을 읽습니다).

## Container runtime: containerd, the shim, runc, CNI

explain-cri =
    { $component }에서 { $hasContainer ->
        [no] {""}
       *[yes] { $container } 컨테이너에 대한{" "}
    }CRI { $method } 호출을 처리했습니다.{ $method ->
        [RunPodSandbox] {" "}파드의 샌드박스, 즉 파드의 네트워크 네임스페이스를 붙들고 있는 pause 컨테이너를 띄우고 CNI 플러그인에 파드 IP를 요청합니다.
        [CreateContainer] {" "}이미지를 바탕으로 컨테이너를 준비합니다(파일시스템, 설정). 아직 시작하지는 않습니다.
        [StartContainer] {" "}shim과 runc를 통해 컨테이너를 시작합니다.
        [StopContainer] {" "}컨테이너에 정지 시그널을 보내고 종료 유예 기간 동안 끝나기를 기다립니다.
        [RemoveContainer] {" "}종료된 컨테이너를 로그와 함께 삭제합니다. kubelet의 컨테이너 가비지 컬렉터는 1분마다 돌며 컨테이너마다 가장 최근에 종료된 인스턴스 하나만 남깁니다.
        [StopPodSandbox] {" "}샌드박스를 멈추고 파드의 네트워크를 해제합니다.
        [RemovePodSandbox] {" "}샌드박스를 삭제합니다.
        [PullImage] {" "}레지스트리에서 이미지를 받아 옵니다(이미지 풀).
       *[other] {""}
    }{ $hasError ->
        [no] {""}
       *[yes] {" "}이 호출은 실패했습니다: { $error }
    }
explain-image-pull =
    { $component }에서 { $result ->
        [pulling] { $image } 이미지를 레지스트리에서 받아 오기 시작했습니다. 다 받을 때까지 파드는 ContainerCreating으로 표시됩니다.
        [pulled] { $image } 이미지를 다 받았습니다. 이제 레이어가 이 노드에 있으므로, 같은 이미지를 쓰는 다음 파드는 더 빨리 시작합니다.
       *[other] { $image } 이미지를 받지 못했습니다: { $error }. kubelet은 재시도 간격을 점점 늘려 가며 다시 시도합니다(ImagePullBackOff).{ $hasUnknownRepository ->
            [yes] {" "}podlife의 이미지 카탈로그에는 이 저장소가 없습니다. 이름에 오타가 있거나, podlife가 시뮬레이션하지 않는 이미지입니다.{ $hasClosest ->
                [yes] {" "}podlife가 아는 가장 가까운 이미지: { $closest }.
               *[no] {""}
            }
           *[no] {""}
        }
    }
explain-cni =
    { $command ->
        [ADD] CNI 플러그인이 샌드박스를 파드 네트워크에 연결했습니다. { $object }에 할당된 IP는 { $ip }입니다.
        [DEL] CNI 플러그인이 파드의 네트워크 구성을 걷어 내고 IP를 반납했습니다.
       *[other] CNI 플러그인이 { $command } 명령을 실행했습니다.
    }{ $hasError ->
        [no] {""}
       *[yes] {" "}실패했습니다: { $error }
    }
explain-runc-update = runc가 { $container }의 cgroup을 그 자리에서 고칩니다(제자리 크기 조정): 이제 cpu.max는 { $cpuMax }, memory.max는 { $memoryMax }입니다. 프로세스는 계속 돌고 한도만 바뀝니다.
explain-runc =
    { $container } 컨테이너를 대상으로 runc { $op } 명령이 실행되었습니다{ $hasPid ->
        [no] {""}
       *[yes] (노드에서의 PID { $pid })
    }. runc는 네임스페이스와 cgroup을 설정하고 프로세스를 실행한 뒤 곧바로 종료하며, 그 뒤로는 shim이 프로세스의 부모로 남습니다.{ $hasError ->
        [no] {""}
       *[yes] {" "}실패했습니다: { $error }
    }{ $unknownProgram ->
        [runs-until-stopped] {" "}podlife는 { $program } 프로그램이 이 인자로 무엇을 하는지 알지 못합니다. 그래서 아무것도 출력하지 않고 멈출 때까지 계속 실행되는 프로세스로 취급합니다. 실제 클러스터에서는 다르게 동작할 수 있습니다.
        [serves-exposed-ports] {" "}podlife는 { $program } 프로그램 자체를 모델링하지 않습니다. 그래서 이미지가 노출한 포트에서 요청을 받고 아무것도 출력하지 않는 서버로 취급합니다. 실제 클러스터에서는 다르게 동작할 수 있습니다.
       *[other] {""}
    }
explain-shim =
    { $op ->
        [start] { $container } 컨테이너를 맡을 containerd-shim이 시작되었습니다. shim이 컨테이너의 표준 입출력(stdio)을 붙들고 종료를 지켜보므로, containerd를 재시작해도 컨테이너는 죽지 않습니다.
        [exit] { $container } 컨테이너가 종료되었습니다(종료 코드 { $exitCode }{ $hasReason ->
            [no] {""}
           *[yes] , { $reason }
        }). shim이 이를 알리고, kubelet은 다음 relist 때 이 사실을 알게 됩니다.
       *[other] containerd-shim: { $op } { $container }.
    }
explain-signal =
    { $signal } 시그널이 { $container } 컨테이너의 PID 1에 전달되었습니다{ $hasDisposition ->
        [no] .
       *[yes] . { $disposition ->
            [handled] 프로세스가 시그널 핸들러로 처리했습니다.
            [killed] 프로세스가 이 시그널로 종료되었습니다.
            [ignored] 프로세스가 이 시그널을 무시했습니다.
           *[other] 결과: { $disposition }.
        }
    }{ $signal ->
        [SIGKILL] {" "}SIGKILL은 가로채거나 무시할 수 없으므로 프로세스는 그 즉시 끝납니다.
       *[other] {""}
    }

## Components and nodes

explain-component-stop = { $component } 컴포넌트가 중지되었습니다. 다시 시작될 때까지 이 컴포넌트가 할 일은 일어나지 않지만, 클러스터의 나머지는 계속 동작합니다.
explain-component-start = { $component } 컴포넌트가 시작되었습니다. 워치하는 대상을 다시 목록으로 받아(LIST) 그동안 놓친 변화를 따라잡습니다.
explain-node-down = 컨트롤 플레인과 { $object } 사이의 연결이 끊겼습니다. 이 노드의 kubelet은 이제 상태를 보고하지도, 리스(Lease)를 갱신하지도 못합니다.
explain-node-up = 컨트롤 플레인과 { $object } 사이의 연결이 다시 이어졌습니다.
explain-node-add = 새 머신 { $node } 노드가 클러스터에 합류합니다. kubelet이 시작되어 API 서버에 Node 오브젝트를 등록하고 리스(Lease)를 만든 뒤, 파드 네트워크가 준비되면 Ready를 보고합니다.
explain-node-shutdown = { $node } 노드가 { $reason ->
    [reboot] 재부팅을 위해
   *[other] 클러스터에서 빠지며
} 꺼집니다. 노드의 모든 프로세스가 시그널 없이 한꺼번에 끝나고, containerd는 컨테이너를 종료 코드 255(이유 Unknown)로 끝난 것으로 기록합니다.
explain-node-boot = { $node } 노드가 새 부트 ID로 다시 켜집니다. containerd, kubelet, kube-proxy가 시작되고, kubelet은 파드의 샌드박스가 사라진 것을 보고 새로 만들면서 init 컨테이너도 처음부터 다시 실행합니다.
explain-step = { $component }: { $action } { $object }.
explain-trace-sampled = 클러스터가 노드 { $nodes }개, 파드 { $pods }개로 커졌습니다. 이 정도 규모의 실행을 탭 안에 담기 위해, 지금부터 트레이스는 파드 { $one_in }개 중 하나의 반응(그 파드의 이벤트 포함)과 노드 { $one_in }개 중 하나의 리스 갱신만 남깁니다. 나머지는 모두 남기며, 클러스터 자체는 이전과 똑같이 정확하게 동작합니다. 스케줄링 결정, 컨테이너 시작, 이벤트는 빠짐없이 일어납니다.
explain-quiet-skip = 아무 일도 일어나지 않는 { $duration }을 한 번에 건너뛰었습니다. 리스 갱신, 노드 하트비트, 계속 성공하는 프로브, 할 일 없는 재동기화는 아무것도 바꾸지 않으므로, podlife는 이것들을 하나씩 실행하는 대신 그 시계만 앞으로 옮겼습니다.{ $expired ->
        [0] {""}
       *[other] {" "}그사이 이벤트 { $expired }개가 한 시간의 TTL이 지나 만료되었고 etcd가 지웠습니다.
    }
explain-quiet-skip-repeats = 아무 일도 일어나지 않는 { $duration }을 한 번에 건너뛰었습니다. 리스 갱신, 노드 하트비트, 계속 성공하는 프로브, 할 일 없는 재동기화는 아무것도 바꾸지 않으므로, podlife는 이것들을 하나씩 실행하는 대신 그 시계만 앞으로 옮겼습니다. 컨테이너를 아직 시작할 수 없는 파드(이미지를 받지 못하거나, 필요한 ConfigMap·Secret이 없거나, 크래시 루프 백오프가 끝나지 않은 파드)의 동기화 { $syncs }번은 직전 동기화를 그대로 되풀이했습니다. kubelet은 이벤트 횟수는 계속 셌지만, 스팸 필터가 이벤트를 버렸고 파드 상태도 바뀌지 않았습니다.{ $expired ->
        [0] {""}
       *[other] {" "}그사이 이벤트 { $expired }개가 한 시간의 TTL이 지나 만료되었고 etcd가 지웠습니다.
    }
explain-quiet-skip-hpa = 아무 일도 일어나지 않는 { $duration }을 한 번에 건너뛰었습니다. 리스 갱신, 노드 하트비트, 계속 성공하는 프로브, 할 일 없는 재동기화는 아무것도 바꾸지 않으므로, podlife는 이것들을 하나씩 실행하는 대신 그 시계만 앞으로 옮겼습니다. HorizontalPodAutoscaler 동기화 { $hpa_syncs }번은 직전 동기화를 그대로 되풀이했습니다. 대상, 파드, 사용량이 그대로라서 같은 권장값을 기억했고, 써야 할 상태는 이미 쓰여 있었으며, 같은 경고의 횟수만 셌습니다.{ $expired ->
        [0] {""}
       *[other] {" "}그사이 이벤트 { $expired }개가 한 시간의 TTL이 지나 만료되었고 etcd가 지웠습니다.
    }
explain-quiet-skip-repeats-hpa = 아무 일도 일어나지 않는 { $duration }을 한 번에 건너뛰었습니다. 리스 갱신, 노드 하트비트, 계속 성공하는 프로브, 할 일 없는 재동기화는 아무것도 바꾸지 않으므로, podlife는 이것들을 하나씩 실행하는 대신 그 시계만 앞으로 옮겼습니다. 컨테이너를 아직 시작할 수 없는 파드의 동기화 { $syncs }번은 직전 동기화를 그대로 되풀이했습니다. kubelet은 이벤트 횟수를 계속 셌지만 스팸 필터가 이벤트를 버렸습니다. HorizontalPodAutoscaler 동기화 { $hpa_syncs }번도 읽는 것이 그대로라서 직전 동기화를 되풀이했습니다.{ $expired ->
        [0] {""}
       *[other] {" "}그사이 이벤트 { $expired }개가 한 시간의 TTL이 지나 만료되었고 etcd가 지웠습니다.
    }
explain-quiet-skip-restarts = 아무 일도 일어나지 않는 { $duration }을 한 번에 건너뛰었습니다. 리스 갱신, 노드 하트비트, 계속 성공하는 프로브, 할 일 없는 재동기화는 아무것도 바꾸지 않으므로, podlife는 이것들을 하나씩 실행하는 대신 그 시계만 앞으로 옮겼습니다. { $pod }의 재시작 { $restarts }번은 바로 앞의 재시작과 똑같았습니다. 같은 프로그램이 같은 시간 뒤에 같은 방식으로 실패했고 파드에는 다른 일이 없었으므로, podlife는 재시작을 통째로 재생했습니다. 재시작마다 백오프 동기화의 지터를 그대로 뽑았고, 이벤트 횟수를 셌으며(스팸 필터가 통과시킨 이벤트는 기록했습니다), containerd 저널 줄도 남겼습니다. 마지막으로 재생한 실행이 파드 상태와 `kubectl logs --previous`가 보여 주는 종료된 인스턴스이고, 재시작 횟수도 그때까지 센 값입니다.{ $expired ->
        [0] {""}
       *[other] {" "}그사이 이벤트 { $expired }개가 한 시간의 TTL이 지나 만료되었습니다.
    }{ $syncs ->
        [0] {""}
       *[other] {" "}컨테이너를 아직 시작할 수 없는 파드의 동기화 { $syncs }번도 직전 동기화를 되풀이했습니다.
    }{ $hpa_syncs ->
        [0] {""}
       *[other] {" "}HorizontalPodAutoscaler 동기화 { $hpa_syncs }번도 직전 동기화를 되풀이했습니다.
    }
explain-quiet-skip-pulls = 아무 일도 일어나지 않는 { $duration }을 한 번에 건너뛰었습니다. 리스 갱신, 노드 하트비트, 계속 성공하는 프로브, 할 일 없는 재동기화는 아무것도 바꾸지 않으므로, podlife는 이것들을 하나씩 실행하는 대신 그 시계만 앞으로 옮겼습니다. { $pods ->
        [1] { $pod }의 이미지 풀 { $pulls }번은
       *[other] 파드 { $pods }개의 이미지 풀 { $pulls }번은
    } 바로 앞의 시도와 똑같이 실패했습니다. 레지스트리는 매번 같은 답을 주었고, kubelet은 백오프(최대 5분)가 끝날 때마다 다시 시도하면서 그사이 10~15초마다 파드를 동기화했습니다. 이 파드들에는 다른 일이 없었으므로, podlife는 모든 파드의 시도를 시간 순서대로 한꺼번에 통째로 재생했습니다. 풀마다 걸린 시간을 따로 뽑았고, 동기화의 지터도 그대로 뽑았으며, 이벤트 횟수를 셌고(스팸 필터가 통과시킨 이벤트는 기록했습니다), 시도마다 containerd 저널 줄도 남겼습니다. 파드 상태는 이미 보이던 ImagePullBackOff 그대로입니다.{ $expired ->
        [0] {""}
       *[other] {" "}그사이 이벤트 { $expired }개가 한 시간의 TTL이 지나 만료되었습니다.
    }{ $syncs ->
        [0] {""}
       *[other] {" "}컨테이너를 아직 시작할 수 없는 파드의 동기화 { $syncs }번도 직전 동기화를 되풀이했습니다.
    }{ $hpa_syncs ->
        [0] {""}
       *[other] {" "}HorizontalPodAutoscaler 동기화 { $hpa_syncs }번도 직전 동기화를 되풀이했습니다.
    }
explain-quiet-skip-restarts-pods = 아무 일도 일어나지 않는 { $duration }을 한 번에 건너뛰었습니다. 리스 갱신, 노드 하트비트, 계속 성공하는 프로브, 할 일 없는 재동기화는 아무것도 바꾸지 않으므로, podlife는 이것들을 하나씩 실행하는 대신 그 시계만 앞으로 옮겼습니다. 크래시 루프에 빠진 파드 { $pods }개의 재시작 { $restarts }번은 저마다 바로 앞의 재시작과 똑같았습니다. 같은 프로그램이 같은 시간 뒤에 같은 방식으로 실패했고 파드마다 자기 재시작 말고는 아무 일도 없었으므로, podlife는 모든 파드의 재시작을 시간 순서대로 한꺼번에 통째로 재생했습니다. 재시작마다 백오프 동기화의 지터를 그대로 뽑았고, 이벤트 횟수를 셌으며(스팸 필터가 통과시킨 이벤트는 기록했습니다), containerd 저널 줄도 남겼습니다. 이 구간은 어느 파드의 재시작에서 끝나고 그 재시작은 실제로 실행됩니다. 그때 다른 파드는 모두 마지막 변경을 마치고 백오프를 기다리는 중입니다. 파드마다 마지막으로 재생한 실행이 그 상태와 `kubectl logs --previous`가 보여 주는 종료된 인스턴스입니다.{ $expired ->
        [0] {""}
       *[other] {" "}그사이 이벤트 { $expired }개가 한 시간의 TTL이 지나 만료되었습니다.
    }{ $syncs ->
        [0] {""}
       *[other] {" "}컨테이너를 아직 시작할 수 없는 파드의 동기화 { $syncs }번도 직전 동기화를 되풀이했습니다.
    }{ $hpa_syncs ->
        [0] {""}
       *[other] {" "}HorizontalPodAutoscaler 동기화 { $hpa_syncs }번도 직전 동기화를 되풀이했습니다.
    }
explain-event-expired = etcd가 { $object }을(를) 삭제했습니다. 이 이벤트가 붙어 있던 etcd 리스가 만료되었기 때문입니다. kube-apiserver는 이벤트를 마지막으로 갱신된 뒤 한 시간 동안만 보관하므로(--event-ttl), 오래된 이벤트는 `kubectl get events`에서 저절로 사라집니다.

## kube-proxy and traffic

explain-proxy-sync =
    { $changed ->
        [false] { $component } 컴포넌트가 주기적 동기화(30초마다)를 실행했습니다. 바뀐 것이 없어 규칙을 다시 쓰지 않습니다.
       *[other] { $component } 컴포넌트가 지금까지 본 Service와 EndpointSlice를 바탕으로 이 노드의 NAT 규칙을 다시 씁니다. 서비스 포트 { $servicePorts }개, 사용 중인 엔드포인트 { $endpoints }개입니다. iptables-restore에 { $restoreMs }ms가 걸리며, 그동안 이 노드는 새 연결을 여전히 이전 규칙대로 보냅니다.
    }
explain-proxy-restore =
    { $hasChanges ->
        [no] { $component }: iptables-restore가 끝났습니다. 규칙은 바뀌지 않았습니다.
       *[yes] { $component }: 새 규칙이 적용되었습니다. 이제 이 노드에서 나가는 새 연결은 다음으로 갑니다: { $changes }. 다른 노드는 각자의 kube-proxy가 여기까지 와야 바뀝니다.
    }
explain-traffic-request =
    { $result ->
        [ok] { $node }의 클라이언트가 { $object }로 요청을 보냈고, 그 노드의 규칙이 { $endpoint }({ $pod })로 보내 응답을 받았습니다.
        [502] { $node }의 클라이언트가 { $object }로 요청을 보냈습니다{ $hasEndpoint ->
            [no] . 노드의 규칙이 요청을 거부했습니다. 그 노드에서 이 Service에는 쓸 수 있는 엔드포인트가 없습니다.
           *[yes] . 그 노드의 규칙이 요청을 { $endpoint }{ $hasPod ->
                [no] {""}
               *[yes] ({ $pod })
            }로 보냈지만 그곳에서는 더 이상 아무도 리슨하지 않아 연결이 거부되었습니다. 앞단의 인그레스라면 502로 응답합니다.
        }
        [reset] { $node }의 클라이언트가 { $object }로 요청을 보냈고 { $endpoint }({ $pod })가 연결을 받았지만, 응답하기 전에 프로세스가 종료되어 연결이 리셋되었습니다.
        [timeout] { $node }의 클라이언트가 { $object }로 요청을 보냈지만 아무 응답도 없었습니다. 노드의 규칙이 이미 사라진 파드의 주소를 아직 가리키고 있거나, 이 Service에 대한 규칙이 아직 없습니다.
       *[other] { $node }의 클라이언트가 { $object }로 요청을 보냈고, { $endpoint }({ $pod })의 앱이 직접 { $result }로 응답했습니다(앱이 준비되지 않았다고 알리는 것입니다).
    }
explain-traffic-done = { $object }로 보내던 트래픽 클라이언트가 끝났습니다. 요청 { $requests }개 중 { $ok }개가 성공했습니다. 초마다의 표는 콘솔에 출력됩니다.

## CoreDNS's upstream and the simulated Internet (crates/engine/src/internet.rs)

explain-dns-forward = { $component }의 cluster.local 영역에는 { $name } 레코드가 없습니다. 그래서 forward 플러그인(kind의 Corefile: forward . /etc/resolv.conf)이 { $type } 질의를 노드의 리졸버 { $upstream }에 넘깁니다. 이때 kindnet이 패킷의 출발 주소를 노드 주소 { $nodeIP }로 바꿉니다(마스커레이드). { $rcode ->
        [NOERROR] { $hasAnswers ->
            [yes] 응답은 { $answers }입니다.
           *[no] 이름은 있지만 { $type } 레코드는 없습니다(podlife의 인터넷에는 IPv6가 없습니다).
        }
       *[other] { $known ->
            [false] 응답은 NXDOMAIN입니다. podlife가 흉내 내는 인터넷에 없는 이름이기 때문입니다(실제 클러스터라면 실제 DNS의 응답을 받습니다).
           *[other] 응답은 { $rcode }입니다.
        }
    }
explain-internet-dns = { $object }이(가) CoreDNS를 거치지 않고 클러스터 밖의 리졸버 { $server }에 { $name }({ $type })을(를) 직접 물었습니다. 파드의 dnsPolicy가 CoreDNS를 쓰지 않거나, 명령에서 그 서버를 지정했기 때문입니다. 질의는 노드를 거쳐 나가며, 출발 주소는 { $nodeIP }로 바뀝니다(마스커레이드). { $rcode ->
        [NOERROR] { $hasAnswers ->
            [yes] 응답은 { $answers }입니다.
           *[no] 이름은 있지만 { $type } 레코드는 없습니다.
        }
       *[other] { $known ->
            [false] 응답은 NXDOMAIN입니다. 이 리졸버는 인터넷의 이름만 알고, podlife가 흉내 내는 인터넷에는 이 이름이 없습니다.
           *[other] 응답은 { $rcode }입니다.
        }
    }
explain-internet-http = podlife가 흉내 내는 인터넷의 { $host }({ $ip })이(가) { $object }의 { $scheme } 요청({ $path })에 { $code }(으)로 응답했습니다{ $hasLocation ->
        [yes] . 응답은 { $location }(으)로 가라는 리다이렉트입니다
       *[no] {""}
    }. 요청은 파드의 주소 { $podIP }에서 나갔고, kindnet이 노드 주소 { $nodeIP }로, Docker가 이 머신의 공인 주소 { $publicIP }로 바꿨습니다. 서버가 보는 것은 이 공인 주소뿐입니다.

explain-netpol-drop = kindnet의 NetworkPolicy 적용 기능이 { $src }에서 { $dst }:{ $port }(으)로 가는 새 { $protocol } 연결을 버렸습니다. { $object }은(는) { $policies } 때문에 { $direction ->
        [egress] 나가는(egress) 트래픽이 격리되어 있고, 그 어떤 egress 규칙도 이 주소와 포트를 허용하지 않습니다
       *[ingress] 들어오는(ingress) 트래픽이 격리되어 있고, 그 어떤 ingress 규칙도 이 출발지와 포트를 허용하지 않습니다
    }. 아무 응답이 없으므로 클라이언트는 시간 초과가 될 때까지 기다립니다.

## Workload controllers: why a kube-controller-manager loop sent its request
## (read from the objects it wrote; crates/player/src/decision.rs)

explain-ctl-new-replicaset =
    { $caller }에서 디플로이먼트 { $owner }의 파드 템플릿과 일치하는 레플리카셋을 찾지 못해 레플리카셋 { $object }의 생성을 요청했습니다. 이름 끝과 pod-template-hash 레이블 값({ $hash })은 템플릿의 해시에서 나옵니다. 이 레플리카셋은 디플로이먼트의 리비전 { $revision }에 해당하며, 레플리카 { $replicas }개에서 시작합니다. 새 레플리카셋을 얼마나 빨리 늘리고 예전 레플리카셋을 얼마나 빨리 줄일지는 디플로이먼트의 전략이 정합니다.
explain-ctl-history-cleanup =
    { $caller }에서 예전 레플리카셋 { $object }의 삭제를 요청했습니다. 디플로이먼트 { $owner }에서는 0으로 줄인 예전 레플리카셋을 롤아웃 기록으로 최대 { $limit }개까지만 남기고(revisionHistoryLimit), 그보다 오래된 것부터 지웁니다.
explain-ctl-scale-replicaset =
    { $caller }에서 디플로이먼트 { $owner }의 레플리카셋 { $object }의 레플리카 수를 { $from }에서 { $to }(으)로 바꿨습니다. { $strategy ->
        [Recreate] Recreate 전략에서는 예전 파드를 모두 먼저 멈추고, 실행 중인 예전 파드가 하나도 남지 않은 뒤에야 새 레플리카셋을 늘립니다.
       *[other] 레플리카 { $desired }개에 대한 RollingUpdate 전략에 따라 전체 파드는 최대 { $maxTotal }개(레플리카 + maxSurge)까지 허용되고, 사용 가능한 파드는 최소 { $minAvailable }개(레플리카 − maxUnavailable)가 유지되어야 합니다. 새 레플리카셋은 첫째 한도 안에서 늘고, 예전 레플리카셋은 둘째 한도가 허락하는 만큼만 줄어듭니다. 그래서 매 단계가 새 파드가 사용 가능해지기를 기다립니다.
    }
explain-ctl-deployment-status =
    { $caller }에서 디플로이먼트 { $object }의 진행 상황을 상태(status)에 기록했습니다. 파드 { $desired }개 중 { $updated }개가 현재 템플릿으로 실행 중이고, { $available }개가 사용 가능합니다.{ $hasReason ->
        [yes] {" "}Progressing 컨디션의 이유: { $reason }{ $hasMessage ->
            [yes] {" "}(“{ $message }”)
           *[no] {""}
        }.
       *[no] {""}
    } progressDeadlineSeconds(기본 600초) 동안 진척이 없으면 이유가 ProgressDeadlineExceeded로 바뀝니다. 쿠버네티스는 이를 알려 줄 뿐, 스스로 롤백하지는 않습니다.
explain-ctl-replicaset-create-pod =
    레플리카셋 { $owner }에서 원하는 파드 수는 { $replicas }개인데 셀렉터에 맞는 파드가 그보다 적어서, { $caller }에서 레플리카셋의 파드 템플릿으로 파드를 하나 만들었습니다. 이름 { $object }: kube-apiserver가 레플리카셋 이름 뒤에 무작위 다섯 글자를 붙여 지었습니다(metadata.generateName). 새 파드에는 레플리카셋을 가리키는 ownerReference가 있고 아직 노드는 없습니다. 이제 스케줄러 차례입니다.
explain-ctl-replicaset-delete-pod =
    레플리카셋 { $owner }에서 원하는 { $replicas }개보다 파드가 많아서, { $caller }에서 { $object }의 삭제를 요청했습니다. 잃어도 손해가 가장 적은 파드부터 지웁니다. 노드에 배치되지 않은 파드가 배치된 파드보다 먼저, Pending이 Running보다 먼저, 준비되지 않은 파드가 준비된 파드보다 먼저, pod-deletion-cost가 낮은 파드가 먼저, 같은 노드에 형제 파드가 더 많은 파드가 먼저이고, 그다음은 준비된 지 가장 짧은 파드, 재시작이 많은 파드, 가장 늦게 만들어진 파드 순입니다.
explain-ctl-replicaset-status =
    { $caller }에서 레플리카셋 { $object }의 상태를 보고했습니다. 원하는 { $desired }개 중 { $replicas }개가 있고, { $ready }개가 준비, { $available }개가 사용 가능합니다.{ $hasOwner ->
        [yes] {" "}디플로이먼트 컨트롤러는 이 숫자를 보고 { $owner }의 다음 단계를 정합니다.
       *[no] {""}
    }
explain-ctl-statefulset-create-pod =
    스테이트풀셋 { $owner }에 순번 { $ordinal }의 파드가 없어서 { $caller }에서 { $object }의 생성을 요청했습니다. 스테이트풀셋의 파드 이름은 무작위가 아니라 순번으로 정해지고, 대신 만들어지는 파드도 같은 이름, 같은 DNS 이름, 같은 볼륨 클레임을 받습니다. { $policy ->
        [Parallel] podManagementPolicy가 Parallel이면 없는 파드를 서로 기다리지 않고 한꺼번에 만듭니다.
       *[other] podManagementPolicy가 OrderedReady이면 0, 1, 2 … 순서로 하나씩 만들고, 앞의 파드가 Running이면서 Ready가 된 뒤에야 다음 파드를 만듭니다.
    }
explain-ctl-statefulset-delete-pod =
    { $why ->
        [scale] 스테이트풀셋 { $owner }에서 축소로 순번 { $ordinal }의 파드가 더는 필요 없어져서 { $caller }에서 { $object }의 삭제를 요청했습니다. 축소는 가장 높은 순번부터 내려갑니다. 파드의 퍼시스턴트볼륨클레임은 persistentVolumeClaimRetentionPolicy에 whenScaled: Delete가 없으면 그대로 남습니다.
       *[update] { $object }에서 스테이트풀셋 { $owner }의 예전 리비전 템플릿이 실행 중이라 { $caller }에서 삭제를 요청했습니다. 같은 이름으로 현재 리비전이 되어 다시 만들어집니다. RollingUpdate는 가장 높은 순번부터 내려가며 maxUnavailable개씩 진행하고, partition에서 멈춥니다.
    }
explain-ctl-statefulset-claim =
    { $caller }에서 스테이트풀셋의 volumeClaimTemplates로 퍼시스턴트볼륨클레임 { $object }의 생성을 요청했습니다{ $hasPod ->
        [yes] (파드 { $pod }의 것)
       *[no] {""}
    }. 파드보다 먼저 만듭니다. 이름이 템플릿 이름과 파드 이름으로 정해지므로, 같은 이름으로 다시 만들어진 파드는 같은 클레임, 같은 데이터를 찾아갑니다.
explain-ctl-controller-revision =
    { $caller }에서 { $ownerKind } { $owner }의 현재 파드 템플릿을 컨트롤러리비전 { $object }에 저장했습니다. 스테이트풀셋과 데몬셋은 이렇게 기록을 남깁니다(디플로이먼트는 대신 예전 레플리카셋을 남깁니다). 파드마다 실행 중인 리비전이 레이블로 붙고, `kubectl rollout history`와 `rollout undo`가 이 기록을 읽습니다.
explain-ctl-daemonset-create-pod =
    노드 { $node }에서 데몬셋 { $owner }의 파드를 실행할 수 있는데 아직 없어서, { $caller }에서 그 노드용으로 { $object }의 생성을 요청했습니다. 파드는 노드 어피니티(metadata.name)로 그 노드를 이름으로 지목하므로 기본 스케줄러가 그곳에 배치합니다. 컨트롤러는 node.kubernetes.io/not-ready, unreachable 같은 톨러레이션도 붙여서, 문제가 생긴 노드에서도 파드가 축출되지 않게 합니다.
explain-ctl-daemonset-delete-pod =
    { $caller }에서 노드 { $node }의 { $object }의 삭제를 요청했습니다. 그 노드에서 데몬셋 { $owner }의 파드를 더는 실행할 수 없게 되었거나(테인트, 레이블, 노드 자체가 바뀜), 롤링 업데이트가 현재 템플릿의 파드로 바꾸는 중입니다(한 번에 maxUnavailable개 노드씩).
explain-ctl-job-create-pod =
    잡 { $owner }에서 성공한 파드는 { $completions ->
        [0] { $succeeded }개
       *[other] 필요한 완료 { $completions }개 중 { $succeeded }개
    }이고 동시에 최대 { $parallelism }개까지 실행하므로, { $caller }에서 { $object }의 생성을 요청했습니다{ $hasIndex ->
        [yes] (완료 인덱스 { $index })
       *[no] {""}
    }. 실패한 파드(지금까지 { $failed }개)는 backoffLimit에 셈하며, 실패한 뒤의 다음 파드는 10초부터 두 배씩, 최대 10분까지 기다렸다가 만들어집니다(잡 컨트롤러의 MaxJobPodFailureBackOff 값이며, 6분이라고 적은 문서도 있습니다).
explain-ctl-job-delete-pod =
    { $caller }에서 잡 { $owner }의 { $object }의 삭제를 요청했습니다. 성공했거나 실패한 잡(backoffLimit, activeDeadlineSeconds, 파드 실패 정책)은 아직 실행 중인 파드를 멈추고, parallelism이 줄면 남는 파드를 지웁니다.
explain-ctl-job-condition =
    { $caller }에서 잡 { $object }에 { $condition } 컨디션을 설정했습니다{ $hasReason ->
        [yes] (이유: { $reason })
       *[no] {""}
    }{ $hasMessage ->
        [yes] : “{ $message }”
       *[no] {""}
    }. 지금까지 파드 { $succeeded }개 성공, { $failed }개 실패입니다. 잡은 먼저 SuccessCriteriaMet 또는 FailureTarget을 받고, 모든 파드가 멈춘 뒤에야 Complete 또는 Failed가 됩니다.
explain-ctl-cronjob-create-job =
    크론잡 { $owner }의 스케줄 “{ $schedule }”에 따라 { $scheduled }에 실행할 때가 되어, { $caller }에서 잡 { $object }의 생성을 요청했습니다. 잡 이름은 크론잡 이름과 예정 시각(1970년부터 센 분)으로 정해지므로, 같은 예정 시각에 잡이 두 개 생길 수 없습니다. { $policy ->
        [Forbid] concurrencyPolicy가 Forbid이므로, 이전 잡이 아직 실행 중이었다면 이번 실행은 건너뛰었을 것입니다.
        [Replace] concurrencyPolicy가 Replace이므로, 이전 시각의 잡이 아직 실행 중이었다면 그 잡을 지우고 이번 잡으로 바꿨을 것입니다.
       *[other] concurrencyPolicy가 Allow이므로, 아직 실행 중인 잡이 있어도 나란히 실행합니다.
    }
explain-ctl-cronjob-delete-job =
    { $why ->
        [replace] 크론잡 { $owner }의 concurrencyPolicy가 Replace이고 다음 실행 시각이 되어, { $caller }에서 아직 실행 중인 잡 { $object }의 삭제를 요청했습니다.
       *[history] { $caller }에서 끝난 잡 { $object }의 삭제를 요청했습니다. 크론잡 { $owner }에서는 가장 최근의 성공한 잡(successfulJobsHistoryLimit, 기본 3개)과 실패한 잡(failedJobsHistoryLimit, 기본 1개)만 남깁니다.
    }
explain-ctl-gc-delete =
    { $caller }에서 { $object }의 삭제를 요청했습니다. { $how ->
        [foreground] 소유자인 { $ownerKind } { $owner }에서 포그라운드 삭제가 진행 중입니다. 소유자는 foregroundDeletion 파이널라이저에 묶여, 딸린 오브젝트가 모두 사라질 때까지 기다립니다.
       *[background] 소유자인 { $ownerKind } { $owner }의 오브젝트가 더는 없습니다(ownerReference가 가리키는 uid가 사라짐). 백그라운드 연쇄 삭제입니다. `kubectl delete`가 소유자를 지우면, 그다음 가비지 컬렉터가 소유자에 딸린 것들을 지웁니다.
    }
explain-ctl-ttl-delete =
    잡 { $object }의 완료 후 { $ttl }초가 지나(ttlSecondsAfterFinished) { $caller }에서 포그라운드 방식으로 삭제를 요청했습니다. 파드가 먼저 지워집니다.
explain-ctl-pdb-status =
    { $caller }에서 파드디스럽션버짓 { $object }의 수를 다시 셌습니다. 정상 파드 { $healthy }개, 필요한 수 { $desired }개이므로 지금 허용되는 자발적 중단은 { $allowed }개입니다. 이 값이 0인 동안에는 축출 API(`kubectl drain`이 쓰는 것)가 축출을 429 Too Many Requests로 거절합니다.
explain-ctl-hpa-status =
    { $caller }에서 호라이즌털파드오토스케일러 { $object }의 상태를 기록했습니다. 현재 레플리카 { $current }개, 원하는 레플리카 { $desired }개입니다. { $active }
explain-ctl-hpa-scale =
    { $caller }에서 scale 하위 리소스로 { $kind } { $object }의 레플리카 수를 { $from }에서 { $to }(으)로 바꿨습니다. 호라이즌털파드오토스케일러가 읽은 메트릭으로 권고한 수에 안정화 윈도와 스케일 속도 제한을 적용하고, minReplicas와 maxReplicas 범위 안으로 맞춘 값입니다.
explain-ctl-endpointslice =
    { $caller }에서 서비스 { $service }의 엔드포인트슬라이스 { $object }의 내용을 다시 썼습니다. 준비된 엔드포인트 { $ready }개, 준비되지 않은 엔드포인트 { $notReady }개{ $terminating ->
        [0] {""}
       *[other] (그중 종료 중 { $terminating }개)
    }입니다. 각 노드의 kube-proxy는 슬라이스를 워치하다가 새 연결을 준비된 엔드포인트로만 보냅니다. 종료 중인 엔드포인트는 준비된 것이 하나도 없을 때의 마지막 수단입니다.
explain-ctl-podgc =
    { $step ->
        [fail] { $caller }에서 { $object }의 상태를 Failed로 바꿨습니다
       *[delete] { $caller }에서 { $object }의 삭제를 요청했습니다(유예 기간 0)
    }. { $why ->
        [orphan] 파드가 있던 노드 { $node }의 오브젝트가 더는 없기 때문입니다. 파드 가비지 컬렉터는 40초의 격리 시간과 노드 확인을 거친 뒤, 먼저 DisruptionTarget 컨디션(DeletionByPodGC)과 함께 단계를 Failed로 바꾸고 곧바로 삭제합니다. 정상 종료를 맡을 kubelet이 남아 있지 않기 때문입니다.
        [unscheduled] 삭제 중인데 노드에 배치된 적이 없어서, 삭제를 마무리할 kubelet이 없기 때문입니다.
        [threshold] 종료된 파드가 --terminated-pod-gc-threshold(12500개)보다 많아서 가장 오래된 것부터 지웁니다.
       *[out-of-service] 노드 { $node }에서 종료 중인데, 그 노드가 Ready가 아니고 node.kubernetes.io/out-of-service 테인트가 붙어 있기 때문입니다. 관리자가 노드를 잃었다고 선언했으므로 kubelet을 기다리지 않고 파드를 지웁니다.
    }
