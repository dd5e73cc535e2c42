"""GradientTape.jacobian / batch_jacobian where TF 2.21's two ways of looping over the target's rows
show: pfor (the default) answers an empty target with zeros for the sources its traced row reaches
(None for the others); the eager loop (experimental_use_pfor=False) collects rows in arrays of the
target's dtype, so another dtype fails in TensorArray's words, and an empty target cannot take the
jacobian's shape. A one-shot tape refused for that loop may still answer afterwards.

Goldens: the same statements run on TensorFlow 2.21 (tensorflow-cpu, eager), dtypes, shapes and
error texts printed (found by the gradfuzz tape-semantics fuzzer).
"""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def _shape(r):
    return None if r is None else (r.dtype.name, tuple(r.shape))


@pytest.fixture
def tape():
    x = tf.Variable([1.0, 2.0, 3.0])
    m = tf.Variable([[1.0, 2.0]])
    xi = tf.Variable([1, 2])
    x64 = tf.Variable([1.0], dtype=tf.float64)
    with tf.GradientTape(persistent=True) as t:
        targets = {'e0': tf.zeros([0]) * x[0], 'e2': tf.zeros([2, 0]) * x[0], 'eu': tf.zeros([0, 2]),
                   'e64': tf.zeros([0], tf.float64) * x64[0], 'y': x * 2.0}
    return t, targets, {'x': x, 'm': m, 'xi': xi, 'x64': x64}


@pytest.mark.parametrize('target, sources, mode, expected', [
    ('e0', ['x'], 'none', [('float32', (0, 3))]),
    ('e2', ['x', 'm'], 'none', [('float32', (2, 0, 3)), None]),
    ('eu', ['x', 'm'], 'none', [None, None]),
    ('e64', ['x64', 'x'], 'none', [('float64', (0, 1)), None]),
    ('e2', ['x', 'm'], 'zero', [('float32', (2, 0, 3)), ('float32', (2, 0, 1, 2))]),
    ('e64', ['x64', 'x'], 'zero', [('float64', (0, 1)), ('float32', (0, 3))]),
])
def test_pfor_jacobian_of_an_empty_target(tape, target, sources, mode, expected):
    t, targets, variables = tape
    result = t.jacobian(targets[target], [variables[k] for k in sources], unconnected_gradients=mode)
    assert [_shape(r) for r in result] == expected


@pytest.mark.parametrize('target, sources, words', [
    ('e0', 'x', "Tensor's shape (0,) is not compatible with supplied shape (0, 3)."),
    ('e2', ['x'], "Tensor's shape (2, 0) is not compatible with supplied shape (2, 0, 3)."),
    ('e2', ['x', 'm'], 'Could not pack sequence. Structure had 2 atoms, but flat_sequence had 1 items.  Structure: '
                       '[tf.float32, tf.float32], flat_sequence: [<tf.Tensor: shape=(0,), dtype=float32, '
                       'numpy=array([], dtype=float32)>].'),
])
def test_loop_jacobian_of_an_empty_target_is_refused(tape, target, sources, words):
    t, targets, variables = tape
    chosen = variables[sources] if isinstance(sources, str) else [variables[k] for k in sources]
    with pytest.raises(ValueError) as info:
        t.jacobian(targets[target], chosen, experimental_use_pfor=False)
    assert str(info.value) == words


def test_loop_jacobian_writes_rows_in_the_targets_dtype(tape):
    t, targets, v = tape
    assert t.jacobian(targets['y'], v['xi'], experimental_use_pfor=False) is None
    words = 'TensorArray dtype is float32 but Op is trying to write dtype int32 '
    for call in (lambda: t.jacobian(targets['y'], v['xi'], unconnected_gradients='zero', experimental_use_pfor=False),
                 lambda: t.jacobian(targets['y'], [v['x'], v['xi']], unconnected_gradients='zero',
                                    experimental_use_pfor=False),
                 lambda: t.batch_jacobian(targets['y'][None], tf.cast(v['xi'][None], tf.int32),
                                          unconnected_gradients='zero', experimental_use_pfor=False)):
        with pytest.raises(InvalidArgumentError) as info:
            call()
        assert str(info.value).split('\n')[0] == words
    # pfor has no such arrays: the int source's zeros come back
    assert _shape(t.jacobian(targets['y'], v['xi'], unconnected_gradients='zero')) == ('int32', (3, 2))


def test_one_shot_tape_refused_by_the_loop_still_answers():
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as t:
        y = x * x
    words = ('GradientTape must be created with persistent=True to compute the jacobian with eager execution '
             'enabled and with  experimental_use_pfor set to False.')
    for _ in range(2):          # TF: the same refusal twice, not the one-shot tape's
        with pytest.raises(RuntimeError) as info:
            t.jacobian(y, x, experimental_use_pfor=False)
        assert str(info.value).split('\n')[0] == words
    assert t.jacobian(y, x).numpy().tolist() == [[2.0, 0.0], [0.0, 4.0]]
