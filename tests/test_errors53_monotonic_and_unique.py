"""tf.math.is_non_decreasing / is_strictly_increasing of a non-numeric x: TF 2.21's own check of the flattened x,
'Expected x to be numeric, instead found: tf.Tensor([b'abc'], shape=(1,), dtype=string)' (bool too), and complex x
reaches GreaterEqual / Greater, whose registry refuses it; tapeflow said 'is_non_decreasing: x must be a real numeric
tensor, got dtype string'. tf.unique / unique_with_counts with an out_idx that names no dtype: the op wrapper's
"Expected DataType for argument 'out_idx' not ..." (tapeflow 'Cannot convert the argument `type_value` ...')."""
import numpy as np
import pytest

import framework as tf

OPS = [(tf.math.is_non_decreasing, 'GreaterEqual'), (tf.math.is_strictly_increasing, 'Greater')]


@pytest.mark.parametrize('op,kernel', OPS)
def test_non_numeric_x(op, kernel):
    # TF 2.21's texts: the flattened tensor, as str() prints it
    for value, shown in (('abc', "tf.Tensor([b'abc'], shape=(1,), dtype=string)"),
                         ([[b'a', b'b']], "tf.Tensor([b'a' b'b'], shape=(2,), dtype=string)"),
                         ([True, False], 'tf.Tensor([ True False], shape=(2,), dtype=bool)')):
        with pytest.raises(TypeError) as info:
            op(value)
        assert str(info.value) == 'Expected x to be numeric, instead found: %s' % shown


@pytest.mark.parametrize('op,kernel', OPS)
def test_complex_x_meets_the_comparison(op, kernel):
    # TF 2.21: the comparison's registry error, with the ' name: ' tail
    for value in ([1j, 2j], tf.constant([1j, 2j])):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            op(value)
        text = str(info.value)
        assert text.startswith("Value for attr 'T' of complex128 is not in the list of allowed values: float, double, ")
        assert '{{node %s}}' % kernel in text and text.endswith('[Op:%s] name: ' % kernel)
    assert bool(op([1, 2, 3]).numpy()) is True


@pytest.mark.parametrize('op', [tf.unique, tf.unique_with_counts])
def test_out_idx_must_name_a_dtype(op):
    x = tf.constant([1, 1, 2])
    for bad in ('abc', 1.5, [1], tf.constant([1., 2.])):
        with pytest.raises(TypeError) as info:
            op(x, bad)
        assert str(info.value) == "Expected DataType for argument 'out_idx' not %r." % (bad,)   # TF 2.21's text
    assert op(x, np.array([1])).idx.dtype == tf.int64       # TF 2.21: an array names its dtype
