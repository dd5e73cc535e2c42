"""tf.data counts given as tensors of another dtype than int64: TF 2.21 converts each count to int64 and
refuses the tensor with a ValueError naming the argument (progs/errors32/p_tcount.py printed these);
tapeflow took an int32 tf.constant(2) as 2."""
import pytest

import framework as tf

DS = tf.data.Dataset.range(6)


@pytest.mark.parametrize('make, what', [(lambda v: DS.batch(v), 'batch_size'), (lambda v: DS.take(v), 'count'),
                                        (lambda v: DS.skip(v), 'count'), (lambda v: DS.shuffle(v), 'buffer_size'),
                                        (lambda v: DS.repeat(v), 'count'), (lambda v: DS.prefetch(v), 'buffer_size'),
                                        (lambda v: DS.padded_batch(v), 'batch_size'),
                                        (lambda v: DS.shard(v, 0), 'num_shards')])
def test_int32_and_float_tensors_are_refused_naming_the_argument(make, what):
    with pytest.raises(ValueError) as info:
        make(tf.constant(2))
    assert str(info.value) == ('%s: Tensor conversion requested dtype int64 for Tensor with dtype int32: '
                               '<tf.Tensor: shape=(), dtype=int32, numpy=2>' % what)
    with pytest.raises(ValueError) as info:
        make(tf.constant([2]))
    assert str(info.value) == ('%s: Tensor conversion requested dtype int64 for Tensor with dtype int32: '
                               '<tf.Tensor: shape=(1,), dtype=int32, numpy=array([2], dtype=int32)>' % what)
    with pytest.raises(ValueError) as info:
        make(tf.constant(2.0))
    assert str(info.value) == ('%s: Tensor conversion requested dtype int64 for Tensor with dtype float32: '
                               '<tf.Tensor: shape=(), dtype=float32, numpy=2.0>' % what)


def test_int32_variable_gets_the_variable_conversion_text():
    with pytest.raises(ValueError) as info:
        DS.batch(tf.Variable(2))
    assert str(info.value) == ("Incompatible type conversion requested to type int64 for `tf.Variable of type int32. "
                               "(Variable: <tf.Variable 'Variable:0' shape=() dtype=int32, numpy=2>)")


def test_int64_tensors_still_count():
    count = tf.constant(2, tf.int64)
    assert [b.numpy().tolist() for b in DS.batch(count)] == [[0, 1], [2, 3], [4, 5]]
    assert [int(v) for v in DS.take(count)] == [0, 1]
    assert [int(v) for v in DS.skip(count)] == [2, 3, 4, 5]
    assert len(list(DS.shuffle(count, seed=1))) == 6


def test_range_and_enumerate_name_the_argument():
    with pytest.raises(ValueError) as info:
        tf.data.Dataset.range(tf.constant(3))
    assert str(info.value) == ('stop: Tensor conversion requested dtype int64 for Tensor with dtype int32: '
                               '<tf.Tensor: shape=(), dtype=int32, numpy=3>')
    with pytest.raises(ValueError) as info:
        DS.enumerate(start=tf.constant(2))
    assert str(info.value) == ('start: Tensor conversion requested dtype int64 for Tensor with dtype int32: '
                               '<tf.Tensor: shape=(), dtype=int32, numpy=2>')
    with pytest.raises(ValueError) as info:
        DS.window(tf.constant(2))
    assert str(info.value).startswith('size: Tensor conversion requested dtype int64')
    assert [int(v) for v in tf.data.Dataset.range(tf.constant(3, tf.int64))] == [0, 1, 2]
