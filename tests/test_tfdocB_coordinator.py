"""tf.train.Coordinator (TF 2.21's training/coordinator.py): threads stop together, join re-raises the
first reported exception, OutOfRangeError is a clean stop, stragglers raise RuntimeError. Golden
behaviour printed by TF 2.21 (tensorflow-cpu): /work/notes/progs/tfdocB/coord.py (7 of 9 lines; TF's
request_stop of an exception outside an except block fails on its own string formatting)."""
import threading
import time

import pytest

import framework as tf


def test_threads_stop_together_and_join_reraises():
    coord = tf.train.Coordinator()

    def worker(i):
        with coord.stop_on_exception():
            n = 0
            while not coord.should_stop():
                n += 1
                time.sleep(0.001)
                if i == 1 and n == 5:
                    raise ValueError('worker %d failed' % i)
    threads = [threading.Thread(target=worker, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    with pytest.raises(ValueError, match='worker 1 failed'):
        coord.join(threads)
    assert coord.should_stop() and coord.joined
    coord.clear_stop()
    assert not coord.should_stop() and not coord.joined


def test_clean_stop_stragglers_and_waits():
    clean = tf.train.Coordinator()
    try:
        raise tf.errors.OutOfRangeError(None, None, 'done')
    except tf.errors.OutOfRangeError as e:
        clean.request_stop(e)
    clean.join([])
    assert clean.should_stop()
    late = tf.train.Coordinator()
    slow = threading.Thread(target=lambda: time.sleep(0.3), name='slow')
    slow.start()
    late.request_stop()
    with pytest.raises(RuntimeError, match='Coordinator stopped with threads still running: slow'):
        late.join([slow], stop_grace_period_secs=0.01)
    slow.join()
    assert late.wait_for_stop(0.01)
    assert not tf.train.Coordinator().wait_for_stop(0.01)
