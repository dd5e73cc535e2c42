"""A Python list axis holding a float (reduce_sum(x, [1.0]), [0, 1.5]) is refused by the reduction kernel's Tidx
attribute in TF 2.21's registry words, without the ' name: ' tail (the list sends the call down the slow path);
tapeflow said 'reduce_sum: an axis must be an integer (or a list of them), got [1.0]'."""
import pytest

import framework as tf

PREFIX = "Value for attr 'Tidx' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node %s}}; "
# TF 2.21 gives this text for reduce_sum(x, [0, 1.5])
SUM = (PREFIX % 'Sum' + "Op<name=Sum; signature=input:T, reduction_indices:Tidx -> output:T; attr=keep_dims:bool,"
       "default=false; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, "
       "DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, "
       "DT_UINT32, DT_UINT64]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Sum]")
# TF 2.21 gives this text for reduce_all(b, [0, 1.5])
ALL = (PREFIX % 'All' + "Op<name=All; signature=input:bool, reduction_indices:Tidx -> output:bool; attr=keep_dims:bool,"
       "default=false; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:All]")

X = [[1., 2.], [3., 4.]]
B = [[True, False], [True, True]]


@pytest.mark.parametrize('axis', [[1.0], [0, 1.5], [0., 1.]], ids=str)
def test_full_texts(axis):
    for value in (tf.constant(X), X):       # a tensor or a list input: the same tailless text
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.reduce_sum(value, axis)
        assert str(info.value) == SUM
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.reduce_all(tf.constant(B), axis)
    assert str(info.value) == ALL


# TF 2.21's kernel for each: std / variance start with Mean, logsumexp with Max, count_nonzero sums
@pytest.mark.parametrize('name,kernel', [
    ('reduce_mean', 'Mean'), ('reduce_max', 'Max'), ('reduce_min', 'Min'), ('reduce_prod', 'Prod'),
    ('reduce_std', 'Mean'), ('reduce_variance', 'Mean'), ('reduce_euclidean_norm', 'EuclideanNorm'),
    ('reduce_logsumexp', 'Max'), ('count_nonzero', 'Sum'), ('reduce_any', 'Any')])
def test_each_reduction(name, kernel):
    value = tf.constant(B) if name == 'reduce_any' else tf.constant(X)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        getattr(tf.math, name)(value, [0, 1.5])
    text = str(info.value)
    assert text.startswith(PREFIX % kernel + 'Op<name=%s; ' % kernel)
    assert text.endswith('allowed=[DT_INT32, DT_INT64]> [Op:%s]' % kernel)


def test_integer_lists_still_reduce():
    # TF 2.21: reduce_sum(X, [0, 1]) is 10.0, reduce_all(B, [1]) is [False, True]
    assert float(tf.reduce_sum(tf.constant(X), [0, 1])) == 10.0
    assert tf.reduce_all(tf.constant(B), [1]).numpy().tolist() == [False, True]
