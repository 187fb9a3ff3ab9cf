import sys
n, r = int(sys.argv[1]), int(sys.argv[2])
for i in range(n):
    print(f"podlife node add w{i} --cpu 4 --memory 8Gi")
print("sleep 30")
print(f"kubectl create deployment big --image=nginx:1.27 --replicas={r}\nsleep 120\nkubectl get deployment big")
