"""GradientTape.jacobian / batch_jacobian given sources or targets that are no tensors refuse them as TF 2.21
does, and a refused call leaves a one-shot tape usable. Texts printed by TF 2.21 (/opt/tfref) running the same
calls (/work/notes/progs/errors43/jac.py, jac2.py, jac3.py).

TF checks jacobian's sources in the gradient call of its loop over the target's rows: pfor (the default) traces
that call, so AutoGraph rewords the error 'in user code:\\n\\n\\n    AttributeError: ...\\n'; the eager loop
(experimental_use_pfor=False) raises it as it is, after refusing a one-shot tape. tapeflow checked the sources
first and always asked for 'dtype' (TF: '_id' for 2.0 and NumPy values, the DType TypeError for 1.5, a set or a
generator). A NumPy target is a constant to TF: None for every source; tapeflow refused it. batch_jacobian reads
shapes first: a NumPy value's tuple has no 'rank' (target) / 'with_rank_at_least' (source).
"""
import numpy as np
import pytest

import framework as tf


def _traced(kind, text):
    return 'in user code:\n\n\n    %s: %s\n' % (kind, text)


def _vector_tape(persistent=False):
    w = tf.Variable([1.0, 2.0])
    with tf.GradientTape(persistent=persistent) as tape:
        y = w * 2.0
    return tape, w, y


@pytest.mark.parametrize('source, kind, text', [
    (2.0, AttributeError, "'float' object has no attribute '_id'"),
    (3.0, AttributeError, "'float' object has no attribute 'dtype'"),
    (1.5, TypeError, 'Cannot convert the argument `type_value`: 1.5 to a TensorFlow DType.'),
    (np.float32(1), AttributeError, "'numpy.float32' object has no attribute '_id'"),
    (np.ones(2), AttributeError, "'numpy.ndarray' object has no attribute '_id'"),
    (None, TypeError, 'Cannot convert the argument `type_value`: None to a TensorFlow DType.'),
    ({3}, TypeError, 'Cannot convert the argument `type_value`: {3} to a TensorFlow DType.'),
])
def test_jacobian_sources_fail_in_the_traced_gradient_call(source, kind, text):
    tape, w, y = _vector_tape()
    with pytest.raises(kind) as caught:
        tape.jacobian(y, source)
    assert type(caught.value).__name__ == kind.__name__
    assert str(caught.value) == _traced(kind.__name__, text)
    # TF 2.21: the refused call left the tape usable
    assert tape.jacobian(y, w).numpy().tolist() == [[2.0, 0.0], [0.0, 2.0]]


def test_a_bad_source_among_good_ones_and_the_eager_loop():
    tape, w, y = _vector_tape(persistent=True)
    with pytest.raises(TypeError) as caught:
        tape.jacobian(y, [w, 'a'])
    assert str(caught.value) == _traced('TypeError', "Cannot convert the argument `type_value`: 'a' to a TensorFlow "
                                                     'DType.')
    with pytest.raises(AttributeError) as caught:       # the eager loop: the error as it is
        tape.jacobian(y, np.ones(2), experimental_use_pfor=False)
    assert str(caught.value) == "'numpy.ndarray' object has no attribute '_id'"


def test_the_eager_loop_refuses_a_one_shot_tape_before_reading_the_sources():
    tape, w, y = _vector_tape()
    with pytest.raises(RuntimeError, match='^GradientTape must be created with persistent=True'):
        tape.jacobian(y, 3.0, experimental_use_pfor=False)


def test_the_target_is_read_before_the_sources():
    tape, w, y = _vector_tape()
    with pytest.raises(AttributeError) as caught:
        tape.jacobian(3.0, None)
    assert str(caught.value) == "'float' object has no attribute 'shape'"
    assert tape.gradient(y, w).numpy().tolist() == [2.0, 2.0]      # TF: still usable


@pytest.mark.parametrize('target', [np.ones(2), np.float32(2.0)])
def test_a_numpy_target_is_a_constant_without_gradients(target):
    tape, w, y = _vector_tape()
    assert tape.jacobian(target, w) is None
    # TF 2.21: the call used the one-shot tape up
    with pytest.raises(RuntimeError, match='^A non-persistent GradientTape can only be used'):
        tape.gradient(y, w)
    tape, w, y = _vector_tape(persistent=True)
    assert tape.jacobian(np.ones(2), [w, w], experimental_use_pfor=False) == [None, None]
    with pytest.raises(AttributeError) as caught:       # TF's set_shape of the zeros on NumPy's tuple
        tape.jacobian(np.ones(2), w, unconnected_gradients='zero')
    assert str(caught.value) == "'tuple' object has no attribute 'concatenate'"


def _batch_tape():
    z = tf.Variable([[1.0, 2.0]])
    with tf.GradientTape() as tape:
        y = z * 2.0
    return tape, z, y


@pytest.mark.parametrize('target, source, kind, text', [
    (np.ones((1, 2)), 'z', AttributeError, "'tuple' object has no attribute 'rank'"),
    (np.ones((1, 2)), np.ones((1, 2)), AttributeError, "'tuple' object has no attribute 'rank'"),
    ('y', np.ones((1, 2)), AttributeError, "'tuple' object has no attribute 'with_rank_at_least'"),
    ('y', np.ones(2), AttributeError, "'tuple' object has no attribute 'with_rank_at_least'"),
    ('y', np.float32(1.0), AttributeError, "'tuple' object has no attribute 'with_rank_at_least'"),
    (tf.ones(2), np.ones((1, 2)), ValueError, 'Shape (2,) must have rank at least 2'),
    (tf.constant(1.0), np.ones((1, 2)), IndexError, 'list index out of range'),
    (tf.constant(1.0), None, IndexError, 'list index out of range'),
    (tf.ones((3, 2)), 'z', ValueError, 'Need first dimension of target shape ((3, 2)) and source shape ((1, 2)) to '
                                       'match.'),
])
def test_batch_jacobian_reads_the_shapes_in_tf_order(target, source, kind, text):
    tape, z, y = _batch_tape()
    pick = {'y': y, 'z': z}
    with pytest.raises(kind) as caught:
        tape.batch_jacobian(pick.get(target, target) if isinstance(target, str) else target,
                            pick.get(source, source) if isinstance(source, str) else source)
    assert type(caught.value) is kind and str(caught.value) == text
    assert tape.gradient(y, z).numpy().tolist() == [[2.0, 2.0]]     # TF: the tape still answers


def test_batch_jacobian_of_an_empty_batch_divides_by_zero():
    q = tf.zeros((0, 2))
    with tf.GradientTape() as tape:
        tape.watch(q)
        y = q * 2.0
    with pytest.raises(ZeroDivisionError) as caught:
        tape.batch_jacobian(y, q)
    assert str(caught.value) == 'integer division or modulo by zero'
    assert tape.gradient(y, q).shape == (0, 2)
