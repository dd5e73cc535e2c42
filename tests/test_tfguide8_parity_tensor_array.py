"""TensorArray's eager errors read as TensorFlow 2.21's ("Better performance with tf.function",
"Accumulating values in a loop"), with tapeflow's sentence kept as a note.

Reference texts, from TF 2.21 (tensorflow-cpu), eager:
    TensorArray(float32, size=1).write(2, 1.0)  -> OutOfRangeError: Tried to write to index 2 but array is not resizeable and size is: 1 ␠
    ....write(-1, 1.0)                          -> OutOfRangeError: Writing to negative indices (index -1) is not allowed.
    ....write(0, 1.0).read(3)                   -> OutOfRangeError: Tried to read from index 3 but array size is: 1 ␠
    ....read(-1)                                -> OutOfRangeError: Reading from negative indices (index -1) is not allowed.
    read(0) twice (clear_after_read)            -> InvalidArgumentError: Could not read index 0 twice because it was cleared
                                                   after a previous read (perhaps try setting clear_after_read = false?)
    ....write(0, tf.constant(1))                -> InvalidArgumentError: TensorArray dtype is float32 but Op is trying to write dtype int32 ␠
    size=2: write(0, [1.0]).write(1, [1.0, 2.0]) -> ValueError: Incompatible shape for value ((2,)), expected ((1,))
    TensorArray(float32, size=2).unstack([1., 2., 3.]) -> ValueError: Cannot unstack 3 tensors into a TensorArray of static size 2 ␠
"""
import pytest

import framework as tf


def _raised(run):
    with pytest.raises(Exception) as caught:
        run()
    return type(caught.value).__name__, str(caught.value), caught.value


@pytest.mark.parametrize('run, cls, text', [
    (lambda: tf.TensorArray(tf.float32, size=1).write(2, 1.0), 'OutOfRangeError',
     'Tried to write to index 2 but array is not resizeable and size is: 1 '),
    (lambda: tf.TensorArray(tf.float32, size=1).write(-1, 1.0), 'OutOfRangeError',
     'Writing to negative indices (index -1) is not allowed.'),
    (lambda: tf.TensorArray(tf.float32, size=1).write(0, 1.0).read(3), 'OutOfRangeError',
     'Tried to read from index 3 but array size is: 1 '),
    (lambda: tf.TensorArray(tf.float32, size=1).write(0, 1.0).read(-1), 'OutOfRangeError',
     'Reading from negative indices (index -1) is not allowed.'),
    (lambda: tf.TensorArray(tf.float32, size=1).write(0, tf.constant(1)), 'InvalidArgumentError',
     'TensorArray dtype is float32 but Op is trying to write dtype int32 '),
    (lambda: tf.TensorArray(tf.float32, size=2).write(0, [1.0]).write(1, [1.0, 2.0]), 'ValueError',
     'Incompatible shape for value ((2,)), expected ((1,))'),
    (lambda: tf.TensorArray(tf.float32, size=2).unstack([1.0, 2.0, 3.0]), 'ValueError',
     'Cannot unstack 3 tensors into a TensorArray of static size 2 '),
])
def test_errors_read_as_tensorflows(run, cls, text):
    name, message, error = _raised(run)
    assert (name, message) == (cls, text)
    assert error.__notes__          # tapeflow's own sentence says what to do


def test_a_cleared_element_read_twice():
    ta = tf.TensorArray(tf.float32, size=1).write(0, 1.0)
    assert float(ta.read(0)) == 1.0
    name, message, error = _raised(lambda: ta.read(0))
    assert name == 'InvalidArgumentError'
    assert message == ('Could not read index 0 twice because it was cleared after a previous read '
                       '(perhaps try setting clear_after_read = false?)')
    assert isinstance(error, tf.errors.InvalidArgumentError)


def test_out_of_range_is_tensorflows_class_and_still_a_value_error():
    with pytest.raises(tf.errors.OutOfRangeError):
        tf.TensorArray(tf.float32, size=1).write(1, 1.0)
    with pytest.raises(ValueError):
        tf.TensorArray(tf.float32, size=1).read(1)


def test_what_still_works():
    grown = tf.TensorArray(tf.float32, size=2, dynamic_size=True).unstack([1.0, 2.0, 3.0])
    assert grown.stack().numpy().tolist() == [1.0, 2.0, 3.0]
    fits = tf.TensorArray(tf.float32, size=3).unstack([1.0, 2.0])      # fewer: TF's array becomes the rows
    assert fits.stack().numpy().tolist() == [1.0, 2.0]
    shaped = tf.TensorArray(tf.float32, size=2, element_shape=[None, 2]).write(0, [[1.0, 2.0]])
    name, message, _ = _raised(lambda: shaped.write(1, [[1.0, 2.0, 3.0]]))
    assert (name, message) == ('ValueError', 'Incompatible shape for value ((1, 3)), expected ((1, 2))')


# TF 2.21: TensorArray(float32, size=2).element_shape -> <unknown>; element_shape=[3] -> (3,);
# after write(0, [1.0]) -> (1,); .read(0) / .stack() of an unwritten array of unknown element shape ->
# ValueError: Cannot convert a partially known TensorShape <unknown> to a Tensor. (element_shape=[None, 2]:
# '... TensorShape (None, 2) ...'); .gather([5]) on size 2 -> IndexError: list index out of range;
# .split([1., 2., 3.], [1, 2]).read(1) -> [2. 3.]
def test_element_shape_is_a_tensor_shape():
    assert str(tf.TensorArray(tf.float32, size=2).element_shape) == '<unknown>'
    assert str(tf.TensorArray(tf.float32, size=2, element_shape=[3]).element_shape) == '(3,)'
    assert str(tf.TensorArray(tf.float32, size=2).write(0, [1.0]).element_shape) == '(1,)'


@pytest.mark.parametrize('element_shape, shown', [(None, '<unknown>'), ([None, 2], '(None, 2)')])
@pytest.mark.parametrize('read', [lambda ta: ta.read(0), lambda ta: ta.stack()])
def test_unwritten_elements_of_unknown_shape(element_shape, shown, read):
    ta = tf.TensorArray(tf.float32, size=2, element_shape=element_shape)
    name, message, error = _raised(lambda: read(ta))
    assert (name, message) == ('ValueError', 'Cannot convert a partially known TensorShape %s to a Tensor.' % shown)
    assert 'element_shape=' in error.__notes__[0]


def test_gather_out_of_range_is_pythons_index_error():
    name, message, _ = _raised(lambda: tf.TensorArray(tf.float32, size=2).write(0, 1.0).gather([5]))
    assert (name, message) == ('IndexError', 'list index out of range')


def test_split_cuts_pieces_of_any_lengths():
    ta = tf.TensorArray(tf.float32, size=2).split([1.0, 2.0, 3.0], [1, 2])
    assert ta.read(1).numpy().tolist() == [2.0, 3.0]
    assert int(ta.size()) == 2
    again = tf.TensorArray(tf.float32, size=2).split([1.0, 2.0, 3.0], [1, 2])
    assert again.concat().numpy().tolist() == [1.0, 2.0, 3.0]
    with pytest.raises(ValueError, match='lengths'):
        tf.TensorArray(tf.float32, size=2).split([1.0, 2.0, 3.0], [1, 1])


def test_unstack_leaves_element_shape_unknown():
    # TF 2.21: ta = TensorArray(int32, size=3); ta.unstack([7, 8, 9]).read(2) -> 9; ta.element_shape -> <unknown>
    ta = tf.TensorArray(tf.int32, size=3)
    assert int(ta.unstack([7, 8, 9]).read(2)) == 9
    assert str(ta.element_shape) == '<unknown>'
    # TF 2.21: ta.stack() then -> ValueError: Cannot convert a partially known TensorShape <unknown> to a Tensor.
    # (index 2 was read and cleared, and no write taught the array its element shape)
    with pytest.raises(ValueError, match='^Cannot convert a partially known TensorShape <unknown> to a Tensor'):
        ta.stack()
    fresh = tf.TensorArray(tf.int32, size=3).unstack([7, 8, 9])
    assert fresh.stack().numpy().tolist() == [7, 8, 9]
