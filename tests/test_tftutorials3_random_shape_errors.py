"""Random ops given a negative size or a seed of the wrong shape raise their TensorFlow 2.21 kernels'
errors (printed by TF, notes/progs/tftutorials3/rnd2.py)."""
import pytest

import framework as tf

WRAPPED = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('fn, kernel', [
    (lambda g: tf.random.normal([-1]), 'RandomStandardNormal'),
    (lambda g: tf.random.uniform([-1]), 'RandomUniform'),
    (lambda g: tf.random.truncated_normal([-1]), 'TruncatedNormal'),
    (lambda g: g.normal([-1]), 'StatelessRandomNormalV2'),
    (lambda g: g.uniform([-1]), 'StatelessRandomUniformV2'),
    (lambda g: g.truncated_normal([-1]), 'StatelessTruncatedNormalV2'),
    (lambda g: tf.random.stateless_normal([-1], seed=[1, 2]), 'StatelessRandomNormalV2'),
    (lambda g: tf.random.stateless_uniform([-1], seed=[1, 2]), 'StatelessRandomUniformV2'),
])
def test_a_negative_size(fn, kernel):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        fn(tf.random.Generator.from_seed(1))
    assert str(info.value) == WRAPPED % kernel + 'Dimension -1 must be >= 0 [Op:%s] name: ' % kernel


def test_uniform_ints_name_their_kernel():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.random.uniform([2, -1], maxval=5, dtype=tf.int32)
    assert str(info.value) == WRAPPED % 'RandomUniformInt' + 'Dimension -1 must be >= 0 [Op:RandomUniformInt] name: '


@pytest.mark.parametrize('seed, shown', [([1], '[1]'), ([1, 2, 3], '[3]'), ([[1, 2]], '[1,2]')])
def test_a_seed_of_another_shape(seed, shown):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.random.stateless_normal([2], seed=seed)
    assert str(info.value) == WRAPPED % 'StatelessRandomGetKeyCounter' + 'seed must have shape [2], not %s ' \
                                                                         '[Op:StatelessRandomGetKeyCounter]' % shown


@pytest.mark.parametrize('seed, kind', [([1.5, 2.0], 'float'), (tf.constant([1., 2.]), 'float'),
                                        (tf.constant([1., 2.], tf.float64), 'double')])
def test_a_float_seed_fails_the_kernels_attr_check(seed, kind):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.random.stateless_normal([2], seed=seed)
    assert str(info.value) == (
        "Value for attr 'Tseed' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: "
        "{{node StatelessRandomGetKeyCounter}}; Op<name=StatelessRandomGetKeyCounter; signature=seed:Tseed -> "
        "key:uint64, counter:uint64; attr=Tseed:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> "
        "[Op:StatelessRandomGetKeyCounter]%s" % (kind, ' name: ' if isinstance(seed, tf.Tensor) else ''))
    # (TF 2.21 ends a tensor seed's error with ' name: ', its fast path; a list's without)
