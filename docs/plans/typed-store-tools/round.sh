cd /work/exp-store && CARGO_TARGET_DIR=/work/target-exp cargo check -q -p podlife-engine --message-format json 2>/dev/null > /tmp/errs.json; python3 /tmp/mig/fix.py /work/exp-store /tmp/errs.json
