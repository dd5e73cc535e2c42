"""tapeflow's own code iterating a tensor inside a tf.function trace iterates it plainly: keras.ops.slice
with start indices given as a tensor ran 'int(i) for i in start_indices', which the trace took for a
graph for loop of the user's code and failed on ("AttributeError: 'bool' object has no attribute
'f_code'"); TF 2.21 slices (notes/progs/kerasops5/sl.py)."""
import numpy as np

import framework as tf
from framework import keras

ops = keras.ops


def test_slice_with_tensor_starts_in_a_trace():
    @tf.function(input_signature=[tf.TensorSpec([None, 4])])
    def f(x):
        return ops.slice(x, tf.constant([1, 1]), [2, 2])
    x = np.arange(12, dtype='float32').reshape(3, 4)
    # TF 2.21 gives [[5. 6.] [9. 10.]]
    assert f(tf.constant(x)).numpy().tolist() == [[5., 6.], [9., 10.]]


def test_user_for_loop_over_a_tensor_still_traces_its_body_once(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None])])
    def f(x):
        total = tf.constant(0.)
        for v in x:
            print(v)
            total += v
        return total
    assert float(f(tf.constant([1., 2., 3.]))) == 6.0
    # TF 2.21: autograph's loop traces its body once, the row a TensorList read
    assert capsys.readouterr().out == 'Tensor("while/TensorArrayV2Read/TensorListGetItem:0", shape=(), dtype=float32)\n'
