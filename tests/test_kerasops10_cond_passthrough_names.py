"""A tf.cond branch that returns a tensor made before the cond (an argument, ``y = x * 2``) gives the cond's own
output in a trace, as TF 2.21's: tf.cond(p, lambda: x, lambda: x) prints Tensor("cond/Identity:0", shape=(None, 3))
there, where tapeflow handed back x itself ('x:0') and, for a tensor made in the trace, renamed that tensor, so
``y`` printed as 'cond/Identity:0' after the cond. Names: TF 2.21's (notes/progs/kerasops10/cond.py, cond2.py)."""
import numpy as np

import framework as tf


def _printed(fn, *specs):
    shown = []
    tf.function(lambda *args: fn(shown, *args), input_signature=list(specs)).get_concrete_function()
    return shown


_X = tf.TensorSpec((None, 3), tf.float32)
_P = tf.TensorSpec((), tf.bool)


def test_cond_returning_its_input_is_the_conds_identity():
    # TF 2.21: Tensor("cond/Identity:0", shape=(None, 3), dtype=float32); name='dd' -> 'dd/Identity:0'; the next
    # cond 'cond_1/Identity:0' and a later tf.identity 'Identity:0'
    def body(shown, x, p):
        shown.append(str(tf.cond(p, lambda: x, lambda: x)))
        shown.append(str(tf.cond(p, lambda: x, lambda: x * 2)))
        shown.append(str(tf.cond(p, lambda: x, lambda: x, name='dd')))
        shown.append(str(tf.identity(x)))
        return x
    assert _printed(body, _X, _P) == [
        'Tensor("cond/Identity:0", shape=(None, 3), dtype=float32)',
        'Tensor("cond_1/Identity:0", shape=(None, 3), dtype=float32)',
        'Tensor("dd/Identity:0", shape=(None, 3), dtype=float32)',
        'Tensor("Identity:0", shape=(None, 3), dtype=float32)']


def test_tensor_made_before_the_cond_keeps_its_name():
    # TF 2.21: a Tensor("cond/Identity:0", ...) and y Tensor("mul:0", ...)
    def body(shown, x, p):
        y = x * 2
        a = tf.cond(p, lambda: y, lambda: y)
        shown.extend([str(a), str(y)])
        return a
    assert _printed(body, _X, _P) == ['Tensor("cond/Identity:0", shape=(None, 3), dtype=float32)',
                                      'Tensor("mul:0", shape=(None, 3), dtype=float32)']


def test_structures_nested_conds_and_name_scopes():
    # TF 2.21: (cond/Identity, cond/Identity_1) for a pair; {'k': cond_1/Identity, 'm': cond_1/Identity_1}; a cond
    # inside a branch returning x: the outer 'cond_2/Identity:0'; in name_scope 'blk': 'blk/cond/Identity:0'
    def body(shown, x, p):
        pair = tf.cond(p, lambda: (x, x), lambda: (x, x + 1))
        items = tf.cond(p, lambda: {'k': x, 'm': x * 2 + 1}, lambda: {'k': x, 'm': x})
        nested = tf.cond(p, lambda: tf.cond(p, lambda: x, lambda: x), lambda: x)
        with tf.name_scope('blk'):
            scoped = tf.cond(tf.reduce_sum(x) > 0, lambda: x, lambda: x)
        shown.extend([t.name for t in pair] + [items['k'].name, items['m'].name, nested.name, scoped.name])
        return x
    assert _printed(body, _X, _P) == ['cond/Identity:0', 'cond/Identity_1:0', 'cond_1/Identity:0',
                                      'cond_1/Identity_1:0', 'cond_2/Identity:0', 'blk/cond/Identity:0']


def test_gradient_and_value_flow_through_the_identity():
    # TF 2.21: [2. 4.] with p True (y = x), [18. 36.] with p False (y = 3x), for d(sum(y * y))/dx at [1, 2]
    @tf.function
    def g(x, p):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.cond(p, lambda: x, lambda: x * 3.)
            total = tf.reduce_sum(y * y)
        return y, tape.gradient(total, x)
    y, grad = g(tf.constant([1., 2.]), tf.constant(True))
    np.testing.assert_array_equal(y.numpy(), [1., 2.])
    np.testing.assert_array_equal(grad.numpy(), [2., 4.])
    np.testing.assert_array_equal(g(tf.constant([1., 2.]), tf.constant(False))[1].numpy(), [18., 36.])
