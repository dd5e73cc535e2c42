"""TF 1's op spellings under tf.compat.v1, against TF 2.21 (/work/notes/progs/me23/v1opt/probe7.py, probe8.py)."""
import numpy as np
import pytest

import framework as tf

v1 = tf.compat.v1


def _values(t):
    a = np.asarray(t.numpy())
    return a.dtype.name, a.shape, a.ravel().tolist()


def test_tf1_random_ops_draw_tfs_numbers():
    tf.random.set_seed(5)
    assert _values(v1.random_normal([2, 3], seed=1)) == ('float32', (2, 3), [
        -1.376889705657959, -0.012583157978951931, -0.169514998793602, 1.0824055671691895, -0.3118337094783783,
        -0.3017871081829071])
    assert _values(v1.random_normal([3], mean=2.0, stddev=0.5)) == (
        'float32', (3,), [1.9098466634750366, 1.5248568058013916, 1.980179786682129])
    assert _values(v1.truncated_normal([2, 3], stddev=0.1, seed=3)) == ('float32', (2, 3), [
        -0.14616988599300385, -0.05901871994137764, 0.04928329959511757, 0.07066861540079117, -0.11427725851535797,
        -0.05497492477297783])
    assert _values(v1.random_uniform([4], -1, 1, seed=2)) == (
        'float32', (4,), [-0.9704792499542236, -0.2068793773651123, 0.2830922603607178, 0.05624961853027344])
    assert _values(v1.random_uniform([4], 0, 10, dtype=tf.int32, seed=2)) == ('int32', (4,), [1, 9, 9, 6])
    assert _values(v1.multinomial([[1.0, 2.0, 3.0]], 5, seed=4)) == ('int64', (1, 5), [2, 0, 2, 2, 1])


def test_div_is_python2_division():
    assert _values(v1.div(7, 2)) == ('int32', (), [3])
    assert _values(v1.div(tf.constant([7, -7]), tf.constant([2, 2]))) == ('int32', (2,), [3, -4])
    assert _values(v1.div(tf.constant([7.0]), 2.0)) == ('float32', (1,), [3.5])


def test_initializers_and_collections_are_empty_eagerly():
    assert v1.global_variables_initializer() is None and v1.local_variables_initializer() is None
    assert v1.trainable_variables() == [] and v1.global_variables() == []


def test_tf1_reductions_take_keep_dims_and_reduction_indices():
    assert _values(v1.arg_max([[1, 3, 2]], 1)) == ('int64', (1,), [1])
    assert _values(v1.reduce_mean([[1.0, 2.0]], keep_dims=True)) == ('float32', (1, 1), [1.5])
    assert v1.reduce_sum([[1, 2], [3, 4]], reduction_indices=[1]).numpy().tolist() == [3, 7]
    assert v1.reduce_max([[1, 2], [3, 4]], 0, keep_dims=True).numpy().tolist() == [[3, 4]]
    with pytest.raises(ValueError, match="Cannot specify both 'reduction_indices' and 'axis'."):
        v1.reduce_sum([[1, 2]], axis=0, reduction_indices=1)


def test_softmax_cross_entropy_v1_stops_the_labels_gradient_and_v2_does_not():
    labels, logits = tf.Variable([[0.2, 0.8]]), tf.Variable([[1.0, 2.0]])
    seen = []
    for loss_of in (v1.nn.softmax_cross_entropy_with_logits_v2, v1.nn.softmax_cross_entropy_with_logits):
        with tf.GradientTape() as tape:
            loss = loss_of(labels=labels, logits=logits)
        label_grad, logit_grad = tape.gradient(loss, [labels, logits])
        seen.append((None if label_grad is None else label_grad.numpy().tolist(), logit_grad.numpy().tolist(),
                     loss.numpy().tolist()))
    assert seen == [([[1.31326162815094, 0.31326165795326233]], [[0.06894142925739288, -0.06894141435623169]],
                     [0.5132616758346558]),
                    (None, [[0.06894142925739288, -0.06894141435623169]], [0.5132616758346558])]
    assert v1.nn.softmax_cross_entropy_with_logits([[0.0, 1.0]], [[1.0, 2.0]]).numpy().tolist() == [0.31326165795326233]


@pytest.mark.parametrize('call, name, module, how', [
    (lambda: v1.div(7, 2), 'div', 'tensorflow.python.ops.math_ops', 'Deprecated in favor of operator or tf.math.divide.'),
    (lambda: v1.multinomial([[1.0, 2.0]], 2), 'multinomial', 'tensorflow.python.ops.random_ops',
     'Use `tf.random.categorical` instead.'),
    (lambda: v1.arg_max([1, 2], 0), 'arg_max', 'tensorflow.python.ops.gen_math_ops', 'Use `tf.math.argmax` instead'),
    (lambda: v1.nn.softmax_cross_entropy_with_logits(labels=[[0.0, 1.0]], logits=[[1.0, 2.0]]),
     'softmax_cross_entropy_with_logits', 'tensorflow.python.ops.nn_ops',
     '\nFuture major versions of TensorFlow will allow gradients to flow\ninto the labels input on backprop by default.'
     '\n\nSee `tf.nn.softmax_cross_entropy_with_logits_v2`.\n'),
])
def test_deprecated_tf1_spellings_log_tfs_notice_once(deprecation_notices, call, name, module, how):
    call()
    call()
    records = [r.getMessage() for r in deprecation_notices.records if r.name == 'tensorflow']
    assert len(records) == 1
    assert records[0] == ('From %s:%d: %s (from %s) is deprecated and will be removed in a future version.\n'
                          'Instructions for updating:\n%s' % (__file__, call.__code__.co_firstlineno, name, module, how))


def test_tf1_names_of_moved_ops():
    a = np.array([[4.0, 1.0], [2.0, 3.0]], np.float32)
    assert v1.matrix_inverse(a).numpy().tolist() == [[0.30000001192092896, -0.10000000149011612],
                                                     [-0.20000000298023224, 0.4000000059604645]]
    assert float(v1.matrix_determinant(a)) == 10.0
    assert v1.matrix_band_part(a, 0, -1).numpy().tolist() == [[4.0, 1.0], [0.0, 3.0]]
    assert v1.matrix_solve(a, [[1.0], [2.0]]).numpy().tolist() == [[0.09999999403953552], [0.6000000238418579]]
    assert v1.lin_space(0.0, 1.0, 5).numpy().tolist() == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert float(v1.div_no_nan(1.0, 0.0)) == 0.0 and v1.where_v2([True, False], 1, 2).numpy().tolist() == [1, 2]
    assert v1.reverse_v2([1, 2, 3], [0]).numpy().tolist() == [3, 2, 1]
    assert v1.string_join(['a', 'b'], separator='-').numpy() == b'a-b'
    assert v1.tensor_scatter_add([1, 2, 3], [[0]], [5]).numpy().tolist() == [6, 2, 3]
    with pytest.raises(AttributeError, match="module 'framework.compat.v1' has no attribute 'no_such_op'"):
        v1.no_such_op
