"""tf.random.Generator's dtype and bounds checks, and when stateful random ops use up their seeds,
as TF 2.21.

Golden values and texts printed by TF 2.21 (/work/notes/progs/opsfuzz8/p07_random2.py, p08_gen.py,
p09_seedseq.py), e.g.
    g = tf.random.Generator.from_seed(42); g.uniform([2, 3], minval=[0., 1., 2.], maxval=5.)
    tf.random.set_seed(3); tf.random.categorical([0., 1.], 2) (raises); tf.random.uniform([2])
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError, NotFoundError


def _moved(generator, call):
    """(the error ``call`` raised, how far the state's counter moved)."""
    before = int(generator.state.numpy()[0])
    with pytest.raises(Exception) as info:
        call()
    return info.value, int(generator.state.numpy()[0]) - before


def test_generator_dtypes_the_kernels_do_not_take_fail_after_the_state_moves():
    g = tf.random.Generator.from_seed(42)
    error, moved = _moved(g, lambda: g.uniform([3], maxval=5, dtype=tf.int8))
    assert type(error) is InvalidArgumentError and moved == 768
    assert str(error) == (
        "Value for attr 'dtype' of int8 is not in the list of allowed values: int32, int64, uint32, uint64\n\t; NodeDef: "
        "{{node StatelessRandomUniformIntV2}}; Op<name=StatelessRandomUniformIntV2; signature=shape:Tshape, key:uint64, "
        "counter:uint64, alg:int32, minval:dtype, maxval:dtype -> output:dtype; attr=dtype:type,allowed=[DT_INT32, "
        "DT_INT64, DT_UINT32, DT_UINT64]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> "
        "[Op:StatelessRandomUniformIntV2] name: ")
    error, moved = _moved(g, lambda: g.uniform([3], maxval=5, dtype=tf.uint32))
    assert type(error) is NotFoundError and moved == 768
    assert str(error).startswith('Could not find device for node: {{node StatelessRandomUniformIntV2}} = '
                                 'StatelessRandomUniformIntV2[Tshape=DT_INT32, dtype=DT_UINT32]\n')
    error, moved = _moved(g, lambda: g.truncated_normal([3], dtype=tf.complex64))
    assert type(error) is InvalidArgumentError and moved == 768
    assert str(error).startswith("Value for attr 'dtype' of complex64 is not in the list of allowed values: half, "
                                 "bfloat16, float, double\n\t; NodeDef: {{node StatelessTruncatedNormalV2}}")
    error, moved = _moved(g, lambda: g.uniform_full_int([3], dtype=tf.float32))
    assert type(error) is InvalidArgumentError and moved == 768
    assert "attr=dtype:type,default=DT_UINT64,allowed=[DT_INT32, DT_INT64, DT_UINT32, DT_UINT64]" in str(error)


def test_generator_bounds_convert_first_then_meet_the_kernels_checks():
    g = tf.random.Generator.from_seed(42)
    for call, text in [(lambda: g.uniform([3], dtype=tf.bool), 'Cannot convert 0 to EagerTensor of dtype bool'),
                       (lambda: g.uniform([3], minval=0.5, maxval=5, dtype=tf.int32),
                        'Cannot convert 0.5 to EagerTensor of dtype int32'),
                       (lambda: g.uniform([3], minval=tf.constant(1, tf.int64), maxval=5, dtype=tf.int32),
                        'min: Tensor conversion requested dtype int32 for Tensor with dtype int64: '
                        '<tf.Tensor: shape=(), dtype=int64, numpy=1>')]:
        error, moved = _moved(g, call)
        assert str(error) == text and moved == 0
    kernel = '{{function_node __wrapped__StatelessRandomUniformIntV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
    for call, text in [(lambda: g.uniform([3], minval=[0, 1, 2], maxval=5, dtype=tf.int32),
                        'minval must be 0-D, got shape [3]'),
                       (lambda: g.uniform([3], minval=5, maxval=5, dtype=tf.int64), 'Need minval < maxval, got 5 >= 5')]:
        error, moved = _moved(g, call)
        assert type(error) is InvalidArgumentError and moved == 768
        assert str(error) == kernel + text + ' [Op:StatelessRandomUniformIntV2] name: '


def test_generator_float_bounds_and_means_broadcast():
    g = tf.random.Generator.from_seed(42)
    np.testing.assert_array_equal(g.uniform([2, 3], minval=[0., 1., 2.], maxval=5.).numpy(), np.array(
        [[3.7467236518859863, 3.942478656768799, 3.356923818588257],
         [2.451990842819214, 1.7557268142700195, 3.560825824737549]], np.float32))
    np.testing.assert_array_equal(g.normal([2, 3], mean=[0., 1., 2.], stddev=2.).numpy(), np.array(
        [[0.35045352578163147, 2.4221105575561523, 3.0976486206054688],
         [0.297920286655426, -0.09515929222106934, 3.232686996459961]], np.float32))
    assert g.state.numpy().tolist() == [3114, 0, 0]
    error, moved = _moved(g, lambda: g.uniform([2, 3], minval=[0., 1.], maxval=5.))
    assert moved == 1536 and str(error) == ('{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/'
                                            'device:CPU:0}} Incompatible shapes: [2,3] vs. [2] [Op:Mul] name: ')


# the uniform([2]) TF 2.21 draws after tf.random.set_seed(3) and one op that took a seed / took none
_AFTER_ONE_SEED = [0.19457185, 0.18628204]
_AFTER_NO_SEED = [0.13366318, 0.5678531]


@pytest.mark.parametrize('call, used_a_seed', [
    (lambda: tf.random.categorical([0., 1.], 2), True),                     # the kernel's 'logits should be a matrix'
    (lambda: tf.random.shuffle(tf.constant(3)), True),                      # a scalar: returned as it is
    (lambda: tf.random.uniform([2], minval=3, maxval=3, dtype=tf.int32), True),     # 'Need minval < maxval'
    (lambda: tf.random.normal([-1]), True),                                 # the kernel's negative dimension
    (lambda: tf.random.categorical([[0., 1.]], 2, dtype=tf.int8), False),   # TF's Python dtype check
    (lambda: tf.random.normal([2], mean='a'), False),                       # mean's conversion error
    (lambda: tf.random.normal([2], dtype=tf.int32), False),
])
def test_a_random_ops_kernel_refusal_uses_up_its_seed_and_a_conversion_error_does_not(call, used_a_seed):
    tf.random.set_seed(3)
    try:
        try:
            call()
        except (InvalidArgumentError, TypeError, ValueError):
            pass
        np.testing.assert_array_equal(tf.random.uniform([2]).numpy(),
                                      np.array(_AFTER_ONE_SEED if used_a_seed else _AFTER_NO_SEED, np.float32))
    finally:
        tf.random.set_seed(None)


def test_stateless_categorical_refuses_dtypes_as_categorical():
    with pytest.raises(ValueError) as info:
        tf.random.stateless_categorical([[0., 1.]], 5, seed=[1, 2], dtype=tf.int8)
    assert str(info.value) == "Argument `dtype` got invalid value <dtype: 'int8'>. Accepted dtypes are (tf.int32, tf.int64)."


def test_dropout_at_rate_zero_still_takes_its_op_seed():
    # TF 2.21's dropout calls get_seed on its rate-0 fast path (dummy_rng_step): set_seed(11); dropout(x, 0.);
    # uniform([2]) gives [0.5582539, 0.05407083], where uniform([2]) right after set_seed(11) is [0.25061703, 0.8159225]
    tf.random.set_seed(11)
    try:
        x = tf.ones([3])
        assert tf.nn.dropout(x, 0.) is x
        np.testing.assert_array_equal(tf.random.uniform([2]).numpy(), np.array([0.5582539, 0.05407083], np.float32))
        tf.random.set_seed(11)
        tf.nn.experimental.stateless_dropout(x, 0., seed=[1, 2])      # a stateless dropout takes none
        np.testing.assert_array_equal(tf.random.uniform([2]).numpy(), np.array([0.25061703, 0.8159225], np.float32))
    finally:
        tf.random.set_seed(None)
