"""Python's protocols on a tensor (bool, int, float, complex, index, format, len, iter, hash)
behave as TensorFlow 2.21's EagerTensor, which hands them to its numpy value: the same results,
classes and words (printed by TF 2.21, notes/progs/tftutorials3/proto.py and tens.py)."""
import pytest

import framework as tf


def _outcome(fn):
    try:
        return repr(fn())
    except Exception as error:      # noqa: BLE001  (the class is what is compared)
        return '%s: %s' % (type(error).__name__, error)


SCALARS_ONLY = 'TypeError: only 0-dimensional arrays can be converted to Python scalars'
NOT_AN_INDEX = 'TypeError: only integer scalar arrays can be converted to a scalar index'


@pytest.mark.parametrize('value, expected', [
    ([5], {'bool': 'True', 'int': SCALARS_ONLY, 'float': SCALARS_ONLY, 'index': NOT_AN_INDEX,
           'format': 'TypeError: unsupported format string passed to numpy.ndarray.__format__', 'len': '1'}),
    ([1, 2], {'bool': 'ValueError: The truth value of an array with more than one element is ambiguous. '
                      'Use a.any() or a.all()', 'int': SCALARS_ONLY, 'float': SCALARS_ONLY, 'index': NOT_AN_INDEX}),
    (3, {'bool': 'True', 'int': '3', 'float': '3.0', 'index': '3', 'format': "'3.00'",
         'len': 'TypeError: Scalar tensor has no `len()`', 'iter': 'TypeError: Cannot iterate over a scalar tensor.'}),
    (2.5, {'int': '2', 'index': "AttributeError: 'numpy.float32' object has no attribute '__index__'",
           'format': "'2.50'"}),
])
def test_protocols_as_tensorflow(value, expected):
    t = tf.constant(value)
    got = {'bool': lambda: bool(t), 'int': lambda: int(t), 'float': lambda: float(t),
           'index': lambda: [0, 1, 2, 3, 4, 5][t], 'format': lambda: '{:.2f}'.format(t), 'len': lambda: len(t),
           'iter': lambda: iter(t)}
    assert {k: _outcome(got[k]) for k in expected} == expected


def test_an_empty_tensor_is_false_and_tensors_are_unhashable():
    assert bool(tf.constant([], tf.float32)) is False
    for fn in (lambda: hash(tf.constant(1)), lambda: {tf.constant(1)}, lambda: {tf.constant(1): 2}):
        assert _outcome(fn) == 'TypeError: Tensor is unhashable. Instead, use tensor.ref() as the key.'


def test_the_note_says_what_to_do():
    with pytest.raises(TypeError) as info:
        int(tf.constant([1, 2]))
    assert 'reduce it first' in ''.join(info.value.__notes__)
