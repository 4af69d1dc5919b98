#!/usr/bin/env bash
# One device call: the streams bench twice, the GPU suite (every staged binary, libtest's
# usual threads, full logs kept), memcheck of the stream and concurrency tests, and where the
# carry has them (/tmp/c/startup: first_call_ptx, quickstart_ptx built on stable Rust from the
# prebuilt PTX) the start-up of scripts/startup.sh. Each step under its own timeout; results
# under $OUT.
set -u
T0=$(date +%s)
el() { echo "[$(( $(date +%s) - T0 )) s] $*"; }
mkdir -p /tmp/c && tar -C /tmp/c -xJf .device-bin/carry/c.tar.xz && ln -sfn "$PWD/data" /tmp/c/tests/data
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $OUT/gpu.txt
D=/tmp/c/tests
el "streams bench"
for round in 1 2; do
  timeout 60 /tmp/c/streams_bench --csv $OUT/streams$round.csv 2>&1 | tee -a $OUT/streams.txt
done
el "suite + gpu"
mkdir -p /tmp/logs
# ONLY=REGEX limits the suite to the staged binaries whose names match (run-gpu-tests --only).
timeout 230 bash $D/run-gpu-tests.sh --dir $D ${ONLY:+--only "$ONLY"} --timeout 200 --log-dir /tmp/logs > $OUT/suite.txt 2>&1; echo "rc=$?" >> $OUT/suite.txt
sed -n '/== summary/,$p' $OUT/suite.txt | grep -E 'stream|gpu   |TOTAL|SKIPPED|rc=|failed|\(all\)' | tail -14
grep -h "panicked" -A4 /tmp/logs/* | head -40 | tee $OUT/panics.txt
el "memcheck"
cd $D && timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 ./bin/parallaxis__test__gpu stream_gpu:: concurrent_gpu:: > $OUT/memcheck-gpu.txt 2>&1; echo "rc=$?" >> $OUT/memcheck-gpu.txt
cd - >/dev/null
grep -h 'test result\|ERROR SUMMARY\|rc=' $OUT/memcheck-*.txt
if [[ -d /tmp/c/startup ]]; then
  el "start-up (stable build, prebuilt PTX)"
  timeout 120 bash scripts/startup.sh /tmp/c/startup $OUT/startup.csv 2>&1 | tee $OUT/startup.txt
fi
el "done"
