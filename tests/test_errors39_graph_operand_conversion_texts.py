"""A Python operand that cannot become a tensor (a dict, an object, None, a ragged list), after a
tensor inside a tf.function: TF 2.21's op_def_library words (the eager words are unchanged).

Printed by TF 2.21, with o = {'a': 1}, an instance of `class O: pass`, None, [[1.0], [2.0, 3.0]]:
    tf.function(lambda a: a * o)(tf.ones([2]))    (and a - o, a ** o, a < o, tf.maximum, tf.where(a > 0, a, o))
    tf.function(lambda a: a + o)(tf.ones([2]))    (and a / o)
"""
import pytest

import framework as tf

_FAILED = ('Failed to convert elements of {'"'a'"': 1} to Tensor. Consider casting elements to a supported type. '
           'See https://www.tensorflow.org/api_docs/python/tf/dtypes for supported TF dtypes.')
_FLOAT_OF_DICT = "float() argument must be a string or a real number, not 'dict'"
_RAGGED = ('setting an array element with a sequence. The requested array has an inhomogeneous shape after '
           '1 dimensions. The detected shape was (2,) + inhomogeneous part.')


class _Opaque:
    def __repr__(self):
        return '<Opaque>'


def _last_line(error):
    return str(error).strip().split('\n')[-1].strip()


def _traced_error(fn, dtype=tf.float32):
    with pytest.raises((TypeError, ValueError)) as info:
        tf.function(fn)(tf.ones([2], dtype))
    return info.value


@pytest.mark.parametrize('fn, kernel, parameter', [
    (lambda a: a * {'a': 1}, 'Mul', 'y'), (lambda a: a - {'a': 1}, 'Sub', 'y'), (lambda a: a ** {'a': 1}, 'Pow', 'y'),
    (lambda a: a < {'a': 1}, 'Less', 'y'), (lambda a: tf.maximum(a, {'a': 1}), 'Maximum', 'y'),
    (lambda a: tf.math.atan2(a, {'a': 1}), 'Atan2', 'x'), (lambda a: tf.where(a > 0, a, {'a': 1}), 'SelectV2', 'e')])
def test_op_def_library_wraps_a_type_error(fn, kernel, parameter):
    error = _traced_error(fn)
    assert type(error) is TypeError
    # (a lambda in a decorator's list: AutoGraph cannot single it out and runs it as-is, so TF 2.21's error
    # comes plain, without 'in user code:' and its 'TypeError: ' line)
    assert _last_line(error) == ("Expected float32 passed to parameter '%s' of op '%s', got {'a': 1} of "
                                 "type 'dict' instead. Error: %s" % (parameter, kernel, _FLOAT_OF_DICT))


def test_object_operand_names_its_type_twice():
    error = _traced_error(lambda a: a * _Opaque(), tf.int32)
    assert _last_line(error) == ("TypeError: Expected int32 passed to parameter 'y' of op 'Mul', got <Opaque> of "
                                 "type '_Opaque' instead. Error: Expected int32, but got <Opaque> of type '_Opaque'.")


@pytest.mark.parametrize('operand, inner', [(None, 'None values not supported.'), ([[1.0], [2.0, 3.0]], _RAGGED)])
def test_op_def_library_wraps_a_value_error(operand, inner):
    error = _traced_error(lambda a: a * operand)
    assert type(error) is ValueError
    assert _last_line(error) == "ValueError: Tried to convert 'y' to a tensor and failed. Error: " + inner


@pytest.mark.parametrize('fn', [lambda a: a + {'a': 1}, lambda a: a / {'a': 1}, lambda a: tf.add(a, {'a': 1})])
def test_add_and_divide_convert_first(fn):
    error = _traced_error(fn)
    assert type(error) is TypeError and _last_line(error) == _FAILED       # (plain: see above)


@pytest.mark.parametrize('fn', [lambda a: a + None, lambda a: a / None, lambda a: {'a': 1} * a])
def test_converted_first_value_errors_and_reflected_operators_keep_their_words(fn):
    error = _traced_error(fn)
    assert 'passed to parameter' not in str(error) and 'Tried to convert' not in str(error)


def test_eager_words_unchanged():
    with pytest.raises(ValueError) as info:
        tf.ones([2]) * {'a': 1}
    assert str(info.value) == ("Attempt to convert a value ({'a': 1}) with an unsupported type (<class 'dict'>) "
                               "to a Tensor.")


def test_dataset_map_is_traced_too():
    with pytest.raises(ValueError) as info:
        list(tf.data.Dataset.range(2).map(lambda x: tf.cast(x, tf.float32) * None))
    assert _last_line(info.value) == ("ValueError: Tried to convert 'y' to a tensor and failed. "
                                      "Error: None values not supported.")
