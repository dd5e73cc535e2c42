"""assign_add / assign_sub on a bool or string tf.Variable: TensorFlow 2.21 has no AssignAddVariableOp /
AssignSubVariableOp kernel for those dtypes and says so, listing the registered kernels (an order fixed
per op). tapeflow OR-ed the bools and concatenated the strings. Texts printed by TF 2.21
(/opt/tfref; notes/progs/tutorials20/variable.py, the guide/variable page with extras)."""
import pytest

import framework as tf

_NUMBERS = ('COMPLEX128', 'COMPLEX64', 'DOUBLE', 'FLOAT', 'BFLOAT16', 'HALF', 'INT32', 'INT8', 'UINT8', 'INT16',
            'UINT16', 'UINT32', 'INT64', 'UINT64')
_XLA = ("  device='XLA_CPU_JIT'; dtype in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
        "DT_COMPLEX64, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]")
_DEVICES = ["  device='%s'; dtype in [DT_%s]" % (d, t) for d in ('DEFAULT', 'CPU') for t in _NUMBERS]


def _tf_text(kernel, dtype, listed, name=''):
    return ("No OpKernel was registered to support Op '%s' used by {{node %s}} with these attrs: [dtype=DT_%s]\n"
            "Registered devices: [CPU]\nRegistered kernels:\n%s\n\n\t [[%s]] [Op:%s] name: %s"
            % (kernel, kernel, dtype, '\n'.join(listed), kernel, kernel, name))


def _raised(fn):
    with pytest.raises(Exception) as info:
        fn()
    return type(info.value).__name__, str(info.value)


def test_bool_and_string_variables_have_no_update_kernel():
    assert _raised(lambda: tf.Variable(True).assign_add(True)) == (
        'InvalidArgumentError', _tf_text('AssignAddVariableOp', 'BOOL', _DEVICES + [_XLA]))
    assert _raised(lambda: tf.Variable(True).assign_sub(True)) == (
        'InvalidArgumentError', _tf_text('AssignSubVariableOp', 'BOOL', [_XLA] + _DEVICES))
    assert _raised(lambda: tf.Variable(tf.constant('a')).assign_add('b')) == (
        'InvalidArgumentError', _tf_text('AssignAddVariableOp', 'STRING', _DEVICES + [_XLA]))
    assert _raised(lambda: tf.Variable('a').assign_sub('b')) == (
        'InvalidArgumentError', _tf_text('AssignSubVariableOp', 'STRING', [_XLA] + _DEVICES))


def test_the_value_is_kept_and_the_name_fills_the_tail():
    v = tf.Variable([True], name='flag')
    assert _raised(lambda: v.assign_add([True], name='myadd')) == (
        'InvalidArgumentError', _tf_text('AssignAddVariableOp', 'BOOL', _DEVICES + [_XLA], 'myadd'))
    assert _raised(lambda: v.assign_sub([True], read_value=False))[0] == 'InvalidArgumentError'
    assert v.numpy().tolist() == [True]


def test_conversion_comes_first_then_the_kernel_lookup_before_the_shape_check():
    assert _raised(lambda: tf.Variable([True]).assign_add([1])) == (
        'TypeError', 'Cannot convert [1] to EagerTensor of dtype bool')
    kind, text = _raised(lambda: tf.Variable([True]).assign_add([True, False]))
    assert text.startswith("No OpKernel was registered to support Op 'AssignAddVariableOp'")


def test_numeric_variables_still_update():
    v = tf.Variable([1, 2])
    v.assign_add([2, 3])
    v.assign_sub([1, 1])
    assert v.numpy().tolist() == [2, 4]


def test_keras_bool_variable_assigns_its_sum_under_keras_promotion():
    """Keras 3.15's assign_add / assign_sub is assign(self +/- delta) with keras.ops promotion: a bool delta
    reaches AddV2 / Sub and is refused; an int delta promotes to int32 and the sum is cast back to bool
    (TF 2.21 printed tf.Tensor([False False], shape=(2,), dtype=bool); probe t20h.py)."""
    from framework import keras
    kind, text = _raised(lambda: keras.Variable(True, dtype='bool').assign_add(True))
    assert kind == 'InvalidArgumentError' and text.startswith("Value for attr 'T' of bool is not in the list")
    assert text.endswith('; is_commutative=true; is_aggregate=true> [Op:AddV2] name: ')
    kind, text = _raised(lambda: keras.Variable([True, False], dtype='bool').assign_sub([True, True, False]))
    assert kind == 'InvalidArgumentError' and text.endswith('> [Op:Sub] name: ')
    v = keras.Variable([True, False], dtype='bool')
    assert str(v.assign_sub([1, 0])) == 'tf.Tensor([False False], shape=(2,), dtype=bool)'
    assert v.numpy().tolist() == [False, False]
