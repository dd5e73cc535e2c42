"""tensor.ref() / variable.ref() print as TF 2.21's object_identity.Reference: printed by TF 2.21,
``print(tf.Variable(1.).ref())`` -> <Reference wrapping <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>>."""
import framework as tf


def test_reference_prints_what_it_wraps():
    v = tf.Variable(1., name='w')
    assert str(v.ref()) == "<Reference wrapping <tf.Variable 'w:0' shape=() dtype=float32, numpy=1.0>>"
    t = tf.constant([1, 2])
    assert repr(t.ref()) == "<Reference wrapping <tf.Tensor: shape=(2,), dtype=int32, numpy=array([1, 2], dtype=int32)>>"
    assert type(v.ref()).__name__ == 'Reference'


def test_reference_keys_by_identity():
    a, b = tf.constant(1.), tf.constant(1.)
    table = {a.ref(): 'a', b.ref(): 'b'}
    assert table[a.ref()] == 'a' and table[b.ref()] == 'b'
    assert a.ref() == a.ref() and a.ref() != b.ref()
    assert a.ref().deref() is a


def test_backing_device_is_the_tensors_device():
    # TF 2.21: tf.constant(1).backing_device -> /job:localhost/replica:0/task:0/device:CPU:0
    assert tf.constant(1).backing_device == '/job:localhost/replica:0/task:0/device:CPU:0' == tf.constant(1).device
