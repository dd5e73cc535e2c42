"""A py_function whose Python hands back its own inputs still gives new tensors, as TF 2.21's
EagerPyFunc does, so Dataset.map's spec is of unknown rank and gradients flow through."""
import framework as tf


def test_map_spec_of_a_py_function_returning_its_inputs_is_unknown_rank():
    ds = tf.data.Dataset.from_tensor_slices(([1., 2.], [0, 1]))
    mapped = ds.map(lambda x, y: tf.py_function(lambda a, b: (a, b), [x, y], [tf.float32, tf.int32]))
    # printed by TF 2.21: print(mapped.element_spec)
    assert repr(mapped.element_spec) == ('(TensorSpec(shape=<unknown>, dtype=tf.float32, name=None), '
                                         'TensorSpec(shape=<unknown>, dtype=tf.int32, name=None))')
    single = ds.map(lambda x, y: (tf.py_function(lambda a: a, [x], tf.float32), y))
    assert repr(single.element_spec) == ('(TensorSpec(shape=<unknown>, dtype=tf.float32, name=None), '
                                         'TensorSpec(shape=(), dtype=tf.int32, name=None))')
    assert [(float(a), int(b)) for a, b in mapped] == [(1.0, 0), (2.0, 1)]


def test_eager_py_function_output_is_not_its_input_and_keeps_the_gradient():
    c = tf.constant(1.)
    assert tf.py_function(lambda a: a, [c], tf.float32) is not c     # TF 2.21: False for `is c`
    x = tf.Variable(3.0)
    with tf.GradientTape() as tape:
        y = tf.py_function(lambda a: a, [x], tf.float32) * 2
    assert float(tape.gradient(y, x)) == 2.0       # TF 2.21: tf.Tensor(2.0, ...)
    v = tf.constant([1., 2.])
    with tf.GradientTape() as tape:
        tape.watch(v)
        a, b = tf.py_function(lambda a, b: (a, b * 3), [v, v], [tf.float32, tf.float32])
        total = tf.reduce_sum(a + b)
    assert tape.gradient(total, v).numpy().tolist() == [4.0, 4.0]     # TF 2.21: [4. 4.]
