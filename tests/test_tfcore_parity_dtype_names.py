"""What the tensors guide meets around dtypes: a name that is no dtype raises TensorFlow 2.21's
TypeError text (tapeflow's list of names in a note), and bitcast of a scalar to a same-size type
stays a scalar. Expected: TensorFlow 2.21 (/opt/tfref) running the same calls."""
import pytest

import framework as tf


@pytest.mark.parametrize('value, shown', [('float33', "'float33'"), ('Float32', "'Float32'"), (3.5, '3.5'),
                                          ([1], '[1]')])
def test_a_name_that_is_no_dtype(value, shown):
    with pytest.raises(TypeError) as caught:
        tf.as_dtype(value)
    assert str(caught.value) == 'Cannot convert the argument `type_value`: %s to a TensorFlow DType.' % shown
    with pytest.raises(TypeError, match='^Cannot convert the argument `type_value`'):
        tf.constant(1.0, dtype=value)


def test_bitcast_keeps_a_scalar_a_scalar():
    out = tf.bitcast(tf.constant(1.0), tf.int32)       # TF 2.21: tf.Tensor(1065353216, shape=(), dtype=int32)
    assert out.shape == () and int(out) == 1065353216
    assert tf.bitcast(tf.constant(1.0, tf.float64), tf.int32).numpy().tolist() == [0, 1072693248]


def test_casting_complex_to_float_logs_tensorflows_warning(caplog):
    out = tf.cast(tf.constant([1 + 2j]), tf.float32)
    assert out.numpy().tolist() == [1.0]
    # TF 2.21 logs, on every such cast: WARNING:tensorflow:You are casting an input of type complex128 ...
    assert [r.getMessage() for r in caplog.records if r.name == 'tensorflow'] == [
        'You are casting an input of type complex128 to an incompatible dtype float32.  This will discard the '
        'imaginary part and may not be what you intended.']
    caplog.clear()
    tf.cast(tf.constant([1 + 2j]), tf.complex64)
    assert not caplog.records
