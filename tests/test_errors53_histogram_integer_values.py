"""tf.histogram_fixed_width_bins of integer values fails in TF 2.21 where its Python meets it: values -
value_range[0] (Sub) refuses a range of another dtype, else the true division's float meets nbins cast to the values'
dtype in Mul ('cannot compute Mul as input #1(zero-based) was expected to be a int32 tensor but is a double tensor');
tapeflow said 'histogram_fixed_width_bins: values must be floating point, got int32; cast them first' (now a note)."""
import pytest

import framework as tf


def _text(kernel, want, got):
    return ('cannot compute %s as input #1(zero-based) was expected to be a %s tensor but is a %s tensor [Op:%s] '
            'name: ' % (kernel, want, got, kernel))


@pytest.mark.parametrize('dtype,division', [('int32', 'double'), ('int64', 'double'), ('uint32', 'double'),
                                            ('int8', 'float'), ('int16', 'float'), ('uint8', 'float'),
                                            ('uint16', 'float')])
def test_integer_values(dtype, division):
    # TF 2.21's texts
    values = tf.constant([1, 2], dtype)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.histogram_fixed_width_bins(values, tf.constant([0, 4], dtype), nbins=2)
    assert str(info.value) == _text('Mul', dtype, division)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.histogram_fixed_width_bins(values, [0., 4.], nbins=2)
    assert str(info.value) == _text('Sub', dtype, 'float')


def test_python_list_values():
    # TF 2.21: a list of ints converts to int32, and the range [0, 4] too: the Mul error
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.histogram_fixed_width_bins([1, 2, 3], [0, 4], nbins=2)
    assert str(info.value) == _text('Mul', 'int32', 'double')
    assert tf.histogram_fixed_width_bins([1., 2., 3.], [0., 4.], nbins=2).numpy().tolist() == [0, 1, 1]
