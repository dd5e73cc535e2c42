"""jacobian / batch_jacobian with parallel_iterations, as TF 2.21's pfor and eager loop treat it
(framework/jacobian_tiling.py)."""
import numpy as np
import pytest

import framework as tf

VECTORIZING = ('Encountered an exception while vectorizing the %s computation. Vectorization can be disabled by '
               'setting experimental_use_pfor to False.')


def _jacobian(persistent, parallel_iterations, unconnected='none', use_pfor=True, extra_source=False):
    x = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0])
    z = tf.constant([1.0])
    with tf.GradientTape(persistent=persistent) as tape:
        tape.watch(x)
        y = x * x
    sources = [x, z] if extra_source else x
    return tape.jacobian(y, sources, unconnected_gradients=unconnected, parallel_iterations=parallel_iterations,
                         experimental_use_pfor=use_pfor)


def _batch_jacobian(persistent, parallel_iterations, unconnected='none', use_pfor=True, reached=True):
    xb = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    other = tf.ones([3, 2])
    with tf.GradientTape(persistent=persistent) as tape:
        tape.watch(xb)
        y = xb * xb[:, :1] * 2
    return tape.batch_jacobian(y, xb if reached else other, unconnected_gradients=unconnected,
                               parallel_iterations=parallel_iterations, experimental_use_pfor=use_pfor)


@pytest.mark.parametrize('knob, cause', [
    # TF 2.21 gives these causes under its 'Encountered an exception while vectorizing' ValueError
    (0, 'Argument `parallel_iterations` must be None or a positive integer. Received: 0.'),
    (-1, 'Argument `parallel_iterations` must be None or a positive integer. Received: -1.'),
    (1, 'Found `parallel_iterations == 1`. Use `for_loop` instead.'),
    (True, 'Found `parallel_iterations == 1`. Use `for_loop` instead.'),
])
@pytest.mark.parametrize('kind', ['jacobian', 'batch_jacobian'])
def test_vectorized_refuses_knob_below_two(knob, cause, kind):
    run = _jacobian if kind == 'jacobian' else _batch_jacobian
    with pytest.raises(ValueError) as info:
        run(True, knob)
    assert str(info.value) == VECTORIZING % kind
    assert str(info.value.__cause__) == 'in user code:\n\n\n    ValueError: %s\n' % cause


def test_eager_loop_refuses_knob_below_one():
    with pytest.raises(TypeError, match=r"^'parallel_iterations' must be a positive integer\.$"):   # TF 2.21
        _jacobian(True, 0, use_pfor=False)
    assert np.array_equal(_jacobian(True, 2.5, use_pfor=False).numpy(), np.diag([2.0, 4, 6, 8, 10]))


@pytest.mark.parametrize('knob', [2, 3, 5, 6, None])
def test_persistent_tape_gives_every_row(knob):
    out = _jacobian(True, knob, unconnected='zero', extra_source=True)
    assert np.array_equal(out[0].numpy(), np.diag([2.0, 4, 6, 8, 10]))
    assert np.array_equal(out[1].numpy(), np.zeros((5, 1)))


@pytest.mark.parametrize('knob, good_rows', [(2, 1), (3, 2), (5, 0)])
def test_one_shot_tape_tiles_read_an_empty_tape(knob, good_rows):
    # TF 2.21: rows of the tiles are zeros ([[2, 0, ...], [0, 0, ...], ...] for parallel_iterations=2)
    out = _jacobian(False, knob, unconnected='zero').numpy()
    expected = np.diag([2.0, 4, 6, 8, 10])
    expected[good_rows:] = 0
    assert np.array_equal(out, expected)


@pytest.mark.parametrize('persistent, extra', [(False, False), (True, True)])
def test_tiles_cannot_stack_none_rows(persistent, extra):
    with pytest.raises(ValueError) as info:
        _jacobian(persistent, 2, extra_source=extra)
    assert str(info.value.__cause__) == 'in user code:\n\n\n    ValueError: None values not supported.\n'   # TF 2.21


def test_knob_above_row_count_changes_nothing():
    out = _jacobian(False, 6, extra_source=True)
    assert np.array_equal(out[0].numpy(), np.diag([2.0, 4, 6, 8, 10])) and out[1] is None


def test_float_or_tensor_knob_fails_in_the_trace():
    with pytest.raises(TypeError) as info:      # TF 2.21's words
        _jacobian(True, 2.5)
    assert str(info.value) == ("in user code:\n\n\n    TypeError: Expected int32 passed to parameter 'y' of op "
                               "'FloorDiv', got 2.5 of type 'float' instead. Error: Expected int32, but got 2.5 of "
                               "type 'float'.\n")
    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError, match='^in user code:\n\n\n    OperatorNotAllowed'):
        _jacobian(True, tf.constant(2))


def test_batch_jacobian_tiles():
    full = _batch_jacobian(True, None).numpy()
    assert np.array_equal(_batch_jacobian(True, 2).numpy(), full)
    assert np.array_equal(_batch_jacobian(False, 3).numpy(), full)       # 2 rows: not tiled
    with pytest.raises(RuntimeError) as info:       # TF 2.21's words
        _batch_jacobian(False, 2)
    assert str(info.value) == ('in user code:\n\n\n    RuntimeError: GradientTape must be created with persistent=True '
                               'to compute the batch_jacobian with parallel_iterations.\n')
    with pytest.raises(ValueError) as info:
        _batch_jacobian(True, 2, reached=False)
    assert str(info.value.__cause__) == 'in user code:\n\n\n    ValueError: None values not supported.\n'
    assert not _batch_jacobian(True, 2, unconnected='zero', reached=False).numpy().any()


@pytest.mark.parametrize('use_pfor', [True, False])
def test_integer_target_rows_are_not_recorded(use_pfor):
    x = tf.constant([3, 4])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x
    # TF 2.21: None, and int32 zeros with unconnected_gradients='zero' (its loop's gather of an integer target
    # is not recorded), though tape.gradient(y, x) is [1, 1]
    assert tape.jacobian(y, x, experimental_use_pfor=use_pfor) is None
    zeros = tape.jacobian(y, x, unconnected_gradients='zero', experimental_use_pfor=use_pfor)
    assert zeros.dtype == tf.int32 and zeros.numpy().tolist() == [[0, 0], [0, 0]]
    assert tape.gradient(y, x).numpy().tolist() == [1, 1]
