"""A tensor a tensor loop's body made (appended to a Python list there) and handed to an op after the loop
raises TF 2.21's InaccessibleTensorError, as the graph's capture refuses it.

TF 2.21 (notes/progs/autograph7/p8.py): `out = []; for i in tf.range(n): out.append(i * 2); return tf.stack(out)`
-> InaccessibleTensorError "in user code: ... return tf.stack(out) ... <tf.Tensor 'while/mul:0' shape=()
dtype=int32> is out of scope and cannot be used here. ..."; the same with tf.add_n (there without the
'in user code' lines) and with `for row in x` over a tensor's rows. tapeflow returned [0 2 4] / 6.
"""
import pytest

import framework as tf

_OUT_OF_SCOPE = ("<tf.Tensor 'while/mul:0' shape=%s dtype=int32> is out of scope and cannot be used here. Use return "
                 "values, explicit Python locals or TensorFlow collections to access it.")


@tf.function
def _stacked(n):
    out = []
    for i in tf.range(n):
        out.append(i * 2)
    return tf.stack(out)


@tf.function
def _summed(n):
    out = []
    for i in tf.range(n):
        out.append(i * 2)
    return tf.add_n(out)


@tf.function
def _rows(x):
    out = []
    for row in x:
        out.append(row * 2)
    return tf.stack(out)


@pytest.mark.parametrize('fn, arg, shape', [
    (_stacked, tf.constant(3), '()'), (_summed, tf.constant(3), '()'), (_rows, tf.constant([[1, 2], [3, 4]]), '(2,)'),
])
def test_a_loop_body_tensor_read_after_the_loop_is_refused(fn, arg, shape):
    with pytest.raises(Exception) as caught:
        fn(arg)
    assert type(caught.value).__name__ == 'InaccessibleTensorError'
    assert _OUT_OF_SCOPE % shape in str(caught.value)


def test_tensors_used_inside_their_body_or_carried_out_of_the_loop_are_fine():
    # TF 2.21: -> (tf.Tensor(6, ...), tf.Tensor([0. 2. 4.], ...)): loop variables and a TensorArray leave the body
    @tf.function
    def f(n):
        total = tf.constant(0)
        ta = tf.TensorArray(tf.float32, size=n)
        for i in tf.range(n):
            doubled = i * 2
            total += doubled
            ta = ta.write(i, tf.cast(doubled, tf.float32))
        return total, ta.stack()

    total, stacked = f(tf.constant(3))
    assert int(total) == 6 and stacked.numpy().tolist() == [0.0, 2.0, 4.0]

    # nested loops: the inner body may read the outer body's tensors (TF 2.21: 0+0+1+2+2+4 = 9 ... -> 9)
    @tf.function
    def g(n):
        total = tf.constant(0)
        for i in tf.range(n):
            scaled = i * 1
            for j in tf.range(n):
                total += scaled * j
        return total

    assert int(g(tf.constant(3))) == 9
