"""``tf.train.checkpoints_iterator``: yield each new checkpoint of a directory as it appears."""
import time

from .checkpoint_state import latest_checkpoint


def wait_for_new_checkpoint(checkpoint_dir, last_checkpoint=None, seconds_to_sleep=1, timeout=None):
    """The directory's latest checkpoint once it differs from ``last_checkpoint``; None after ``timeout`` s."""
    stop_time = None if timeout is None else time.time() + timeout
    while True:
        path = latest_checkpoint(checkpoint_dir)
        if path is not None and path != last_checkpoint:
            return path
        if stop_time is not None and time.time() + seconds_to_sleep > stop_time:
            return None
        time.sleep(seconds_to_sleep)


def checkpoints_iterator(checkpoint_dir, min_interval_secs=0, timeout=None, timeout_fn=None):
    """Yield checkpoint prefixes as new ones become the directory's latest, at most one per
    ``min_interval_secs``. After ``timeout`` seconds without one, stop (or, with ``timeout_fn``,
    stop only when it returns True).

    Raises:
        ValueError: a negative min_interval_secs or timeout.
    """
    if min_interval_secs < 0 or (timeout is not None and timeout < 0):
        raise ValueError('checkpoints_iterator: min_interval_secs and timeout must be >= 0, got %r and %r'
                         % (min_interval_secs, timeout))
    checkpoint = None
    while True:
        new = wait_for_new_checkpoint(checkpoint_dir, checkpoint, timeout=timeout)
        if new is None:
            if timeout_fn is None or timeout_fn():
                return
            continue
        start = time.time()
        checkpoint = new
        yield checkpoint
        remaining = start + min_interval_secs - time.time()
        if remaining > 0:
            time.sleep(remaining)
