"""GradientTape's recorder states as TensorFlow 2.21 has them, and its inside-context warning.

TF's GradientTape holds a recorder (``_tape``) from its first entry; a tape that is not persistent
drops it once asked for gradients. Asked inside its ``with`` block, it also stops recording for good
(ops after are not recorded); asked inside ``stop_recording()``, the block's exit makes a new
recorder, so the tape records again and may be asked once more. watch() and stop_recording() on a
tape without a recorder fail in TF's words; stop_recording() on a tape that has one but is not
recording is its _pop_tape's ValueError. gradient() on a persistent tape inside its block logs a
warning once per call site (every jacobian / batch_jacobian counts as one site).

Goldens: the same statements run on TensorFlow 2.21 (tensorflow-cpu, eager), results and texts
printed (found by the gradfuzz tape-semantics fuzzer).
"""
import logging

import pytest

import framework as tf

INSIDE = ('Calling GradientTape.gradient on a persistent tape inside its context is significantly less efficient '
          'than calling it outside the context (it causes the gradient ops to be recorded on the tape, leading to '
          'increased CPU and memory usage). Only call GradientTape.gradient inside the context if you actually '
          'want to trace the gradient in order to compute higher order derivatives.')


def test_one_shot_gradient_inside_stop_recording_gets_a_new_recorder():
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as t:
        a = x * x
        with t.stop_recording():
            assert t.gradient(a, x).numpy().tolist() == [2.0, 4.0]
        b = x * 3.0
        assert [v.numpy().tolist() for v in t.watched_variables()] == [[1.0, 2.0]]
    assert t.gradient(b, x).numpy().tolist() == [3.0, 3.0]        # TF: [3. 3.]
    with pytest.raises(RuntimeError, match='A non-persistent GradientTape can only be used to compute one set'):
        t.gradient(b, x)


def test_one_shot_gradient_inside_stop_recording_forgets_the_old_record():
    # TF 2.21: the new recorder never saw `a`, so its gradient is None
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as t:
        a = tf.reduce_sum(x * x)
        with t.stop_recording():
            t.gradient(a, x)
        c = a * 2.0
    assert t.gradient(c, x) is None


def _after_inside_gradient(then):
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as t:
        a = tf.reduce_sum(x * x)
        assert t.gradient(a, x).numpy().tolist() == [2.0, 4.0]
        then(t, x)
        assert len(t.watched_variables()) == 1


@pytest.mark.parametrize('then, error, words', [
    (lambda t, x: t.watch(x), AttributeError, "'NoneType' object has no attribute '_tape'"),
    (lambda t, x: t.reset(), ValueError, 'Tape is not recording.'),
    (lambda t, x: t.stop_recording().__enter__(), RuntimeError,
     'Trying to stop recording a tape which is not recording.'),
    (lambda t, x: t.jacobian(x * 2.0, x), RuntimeError,
     r'A non-persistent GradientTape can only be used to compute one set of gradients \(or jacobians\)'),
])
def test_one_shot_tape_asked_inside_its_block_has_no_recorder(then, error, words):
    def attempt(t, x):
        with pytest.raises(error, match='^%s' % words):
            then(t, x)
    _after_inside_gradient(attempt)


def test_one_shot_tape_asked_outside_refuses_watch():
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as t:
        y = x * x
    t.gradient(y, x)
    with pytest.raises(AttributeError, match="^'NoneType' object has no attribute '_tape'"):
        t.watch(x)
    assert len(t.watched_variables()) == 1


def test_stop_recording_of_a_tape_not_recording():
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as t:
        with t.stop_recording():
            with pytest.raises(ValueError, match='^Tape is not recording.'):
                t.stop_recording().__enter__()
    with pytest.raises(ValueError, match='^Tape is not recording.'):        # exited, still holds its recorder
        t.stop_recording().__enter__()
    with tf.GradientTape(persistent=True) as p:
        y = x * x
    with pytest.raises(ValueError, match='^Tape is not recording.'):
        p.stop_recording().__enter__()
    with tf.GradientTape() as t:
        y = x * x
    t.gradient(y, x)
    with pytest.raises(RuntimeError, match='^Trying to stop recording a tape which is not recording.'):
        t.stop_recording().__enter__()
    with pytest.raises(RuntimeError, match='^Trying to stop recording a tape which is not recording.'):
        tf.GradientTape().stop_recording().__enter__()


def _warnings(caplog, run):
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger='tensorflow'):
        run()
    return [r.getMessage() for r in caplog.records if r.name == 'tensorflow' and r.getMessage() == INSIDE]


def test_persistent_gradient_inside_its_block_warns_once_per_call_site(caplog):
    # TF 2.21: the loop's three calls warn once; a call from another line warns again
    x = tf.Variable([1.0, 2.0])

    def run():
        with tf.GradientTape(persistent=True) as t:
            y = x * x
            for _ in range(3):
                t.gradient(y, x)
            t.gradient(y, x)
        t.gradient(y, x)                # outside the block: no warning
    assert len(_warnings(caplog, run)) == 2
    assert len(_warnings(caplog, run)) == 0         # the same sites: once a program


def test_persistent_jacobians_inside_the_block_share_one_site(caplog):
    # TF 2.21: the first jacobian or batch_jacobian (pfor or not) inside a persistent tape's block warns,
    # none after, whatever line calls it; outside the block none warns
    from framework import tape as tape_module
    tape_module._INSIDE_CONTEXT.counts.pop('jacobian', None)
    x = tf.Variable([[1.0, 2.0]])

    def run():
        with tf.GradientTape(persistent=True) as t:
            y = x * x
            t.jacobian(y, x, experimental_use_pfor=False)
            t.batch_jacobian(y, x)
            t.jacobian(y, x)
        t.jacobian(y, x)
    assert len(_warnings(caplog, run)) == 1
    assert len(_warnings(caplog, run)) == 0


def test_one_shot_gradient_inside_its_block_does_not_warn(caplog):
    x = tf.Variable([1.0, 2.0])

    def run():
        with tf.GradientTape() as t:
            y = x * x
            t.gradient(y, x)
    assert _warnings(caplog, run) == []


@pytest.mark.parametrize('flag, watched', [(True, True), (1, False), ('yes', False), (0, False), (None, False)])
def test_watch_accessed_variables_must_be_true_itself(flag, watched):
    # TF 2.21's C tape compares the flag with True: GradientTape(watch_accessed_variables=1) watches nothing
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape(watch_accessed_variables=flag) as t:
        y = x * x
    g = t.gradient(y, x)
    assert (g.numpy().tolist() if watched else g) == ([2.0, 4.0] if watched else None)
