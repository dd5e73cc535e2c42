"""Bad arguments as TF 2.21 answers them (lead46's sweep, continued by errors50 and errors51): tf.broadcast_to's
shape of another dtype than int32 / int64 (BroadcastTo's registry error on its Tidx attribute).
Probes: /work/notes/progs/errors51/p1.py, p2.py."""
import numpy as np
import pytest
import framework as tf


def _raises(error_class, text, f, *args, **kwargs):
    """f(*args) raises ``error_class`` whose str() is exactly ``text`` (tapeflow's notes aside)."""
    with pytest.raises(error_class) as caught:
        f(*args, **kwargs)
    assert str(caught.value) == text


def _tidx_error(dtype_name, named):
    # TF 2.21 gives this for tf.broadcast_to(x, tf.constant([1., 2.])): ' name: ' only where the shape was a tensor
    return ("Value for attr 'Tidx' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: "
            "{{node BroadcastTo}}; Op<name=BroadcastTo; signature=input:T, shape:Tidx -> output:T; attr=T:type; "
            "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:BroadcastTo]%s"
            % (dtype_name, ' name: ' if named else ''))


@pytest.mark.parametrize('shape, dtype_name', [
    ([1., 2.], 'float'), ([2.5], 'float'), ([True], 'bool'), ([2], 'uint8'), ([2.], 'double'), ([2.], 'half'),
    (['a'], 'string')])
def test_broadcast_to_shape_tensor_of_another_dtype_is_the_registry_error(shape, dtype_name):
    dtype = {'float': tf.float32, 'bool': tf.bool, 'uint8': tf.uint8, 'double': tf.float64, 'half': tf.float16,
             'string': tf.string}[dtype_name]
    # TF 2.21 refuses these (tapeflow broadcast a float tensor's values, or raised its own texts)
    _raises(tf.errors.InvalidArgumentError, _tidx_error(dtype_name, True), tf.broadcast_to, tf.constant([1, 2]),
            tf.constant(shape, dtype))


@pytest.mark.parametrize('shape', [[2.0], (2.0,), [1, 2.5], [np.float32(2)]])
def test_broadcast_to_float_list_is_the_registry_error_without_name(shape):
    _raises(tf.errors.InvalidArgumentError, _tidx_error('float', False), tf.broadcast_to, tf.constant([1, 2]), shape)


def test_broadcast_to_casts_a_numpy_float_shape_to_int32():
    # TF 2.21 converts a numpy float array to the int32 Tidx: [2.5] is [2]
    assert tf.broadcast_to(tf.constant([1, 2]), np.array([2.5])).numpy().tolist() == [1, 2]
    assert tf.broadcast_to(tf.constant([1, 2]), np.array([2., 2.])).numpy().tolist() == [[1, 2], [1, 2]]


def test_broadcast_to_integer_shapes_still_broadcast():
    x = tf.constant([1, 2])
    assert tf.broadcast_to(x, tf.constant([2, 2], tf.int64)).shape == (2, 2)
    assert tf.broadcast_to(x, (3, 2)).shape == (3, 2)
    assert tf.broadcast_to(x, [1, 2]).numpy().tolist() == [[1, 2]]
