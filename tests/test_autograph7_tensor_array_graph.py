"""tf.TensorArray inside a tf.function is TF 2.21's graph TensorArray (a value), and eager TensorArray's
size / split / unstack / scatter checks read as TF 2.21's.

Golden values and texts were printed by TF 2.21 (tensorflow-cpu) running the same snippets
(notes/progs/autograph7/p2.py .. p5.py). TF's graph kernel errors come wrapped as
'Graph execution error: ... [Op:__inference_f_<uid>]' (for a lambda's graph '{{function_node
__inference_<lambda>_<uid>}} ...'), the graph ids left out here (autograph10: the wrapper).
"""
import pytest

import framework as tf


def _raised(fn, *args):
    with pytest.raises(Exception) as info:
        fn(*args)
    return type(info.value).__name__, str(info.value)


def test_a_write_whose_result_is_dropped_is_lost_in_a_function():
    # TF 2.21: ta = TensorArray(float32, size=n); for i in tf.range(n): ta.write(i, 1.0); ta.stack() -> [0. 0. 0.]
    @tf.function
    def dropped(n):
        ta = tf.TensorArray(tf.float32, size=n)
        for i in tf.range(n):
            ta.write(i, 1.0)
        return ta.stack()

    @tf.function
    def kept(n):
        ta = tf.TensorArray(tf.float32, size=n)
        for i in tf.range(n):
            ta = ta.write(i, tf.cast(i, tf.float32))
        return ta.stack(), ta.size()

    assert dropped(tf.constant(3)).numpy().tolist() == [0.0, 0.0, 0.0]
    values, size = kept(tf.constant(3))
    assert values.numpy().tolist() == [0.0, 1.0, 2.0] and int(size) == 3


def test_each_write_makes_a_new_array_sharing_the_learnt_element_shape():
    # TF 2.21: ta2 = ta.write(0, [1., 2.]); ta3 = ta2.write(1, [3., 4.]) -> element shapes (2,) (2,) (2,),
    # ta is ta2 False; stacks [[0,0],[0,0]], [[1,2],[0,0]], [[1,2],[3,4]]
    seen = []

    @tf.function
    def f():
        ta = tf.TensorArray(tf.float32, size=2)
        ta2 = ta.write(0, [1.0, 2.0])
        ta3 = ta2.write(1, [3.0, 4.0])
        seen.append((str(ta.element_shape), str(ta2.element_shape), ta is ta2))
        return ta.stack(), ta2.stack(), ta3.stack()

    a, b, c = f()
    assert seen[0] == ('(2,)', '(2,)', False)
    assert a.numpy().tolist() == [[0, 0], [0, 0]]
    assert b.numpy().tolist() == [[1, 2], [0, 0]]
    assert c.numpy().tolist() == [[1, 2], [3, 4]]


def test_unstack_in_a_function_learns_the_element_shape_and_keeps_the_size():
    # TF 2.21: ta2 = ta.unstack([[1.], [2.]]) -> ta.element_shape (1,), ta2.element_shape (1,);
    # TensorArray(size=2).unstack([1., 2., 3.]).size() -> 2, .read(2) -> 3.0, .gather([2]) -> [3.]
    seen = []

    @tf.function
    def f():
        ta = tf.TensorArray(tf.float32, size=2)
        ta2 = ta.unstack([[1.0], [2.0]])
        seen.append((str(ta.element_shape), str(ta2.element_shape)))
        big = tf.TensorArray(tf.float32, size=2).unstack([1.0, 2.0, 3.0])
        return big.size(), big.read(2), big.gather([2])

    size, third, gathered = f()
    assert seen[0] == ('(1,)', '(1,)')
    assert (int(size), float(third), gathered.numpy().tolist()) == (2, 3.0, [3.0])


def test_dynamic_array_size_in_a_function():
    # TF 2.21: ta = TensorArray(size=2, dynamic_size=True); ta2 = ta.write(3, 1.) -> ta.size() 2, ta2.size() 4,
    # ta2.stack() [0. 0. 0. 1.]
    @tf.function
    def f():
        ta = tf.TensorArray(tf.float32, size=2, dynamic_size=True)
        ta2 = ta.write(3, 1.0)
        return ta.size(), ta2.size(), ta2.stack()

    a, b, stacked = f()
    assert (int(a), int(b), stacked.numpy().tolist()) == (2, 4, [0.0, 0.0, 0.0, 1.0])


@pytest.mark.parametrize('body, expected', [
    (lambda: tf.TensorArray(tf.float32, size=2).write(-1, 1.0).stack(),
     'Trying to modify element -1 in a list with 2 elements.'),
    (lambda: tf.TensorArray(tf.float32, size=2).write(2, 1.0).stack(),
     'Trying to modify element 2 in a list with 2 elements.'),
    (lambda: tf.TensorArray(tf.float32, size=2).write(0, 1.0).read(5),
     'Trying to access element 5 in a list with 2 elements.'),
    (lambda: tf.TensorArray(tf.float32, size=2).write(0, 1.0).read(-1),
     'Trying to access element -1 in a list with 2 elements.'),
    (lambda: tf.TensorArray(tf.float32, size=2).write(0, 1.0).write(1, 2.0).gather([0, 5]),
     'Trying to gather element 5 in a list with 2 elements.'),
    (lambda: tf.TensorArray(tf.float32, size=2).write(0, tf.constant(1)).stack(),
     'Invalid data types; op elements int32 but list elements float'),
    (lambda: tf.TensorArray(tf.int64, size=2).write(0, tf.constant(1.0, tf.float16)).stack(),
     'Invalid data types; op elements half but list elements int64'),
    (lambda: tf.TensorArray(tf.float32, size=2).stack(),
     'Tried to stack list which only contains uninitialized tensors and has a non-fully-defined element_shape: '
     '<unknown>'),
    (lambda: tf.TensorArray(tf.float32, size=2, element_shape=[None, 2]).stack(),
     'Tried to stack list which only contains uninitialized tensors and has a non-fully-defined element_shape: '
     '[?,2]'),
    (lambda: tf.TensorArray(tf.float32, size=0).stack(),
     'Tried to stack elements of an empty list with non-fully-defined element_shape: <unknown>'),
    (lambda: tf.TensorArray(tf.float32, size=2).unstack([1.0, 2.0, 3.0]).stack(),
     'Operation expected a list with 2 elements but got a list with 3 elements.'),
    (lambda: tf.TensorArray(tf.float32, size=2).scatter([3], [1.0]).stack(),
     'Operation expected a list with 2 elements but got a list with 4 elements.'),
    (lambda: tf.TensorArray(tf.float32, size=2).scatter([0, 1], [1.0]).stack(),
     'Expected len(indices) == tensor.shape[0], but saw: 2 vs. 1'),
    (lambda: tf.TensorArray(tf.float32, size=2).unstack(1.0).stack(),
     'Tensor must be at least a vector, but saw shape: []'),
    (lambda: tf.TensorArray(tf.float32, size=2).split([1.0, 2.0, 3.0], [1, 1]).stack(),
     'Unused values in tensor. Length of tensor: 3 Values used: 2'),
    (lambda: tf.TensorArray(tf.float32, size=2).split([1.0, 2.0, 3.0], [2, 2]).concat(),
     'Attempting to slice [2, 4] from tensor with length 3'),
])
def test_graph_kernel_errors_are_the_tensor_list_kernels(body, expected):
    # (a lambda's graph: TF 2.21 writes the kernel's text in the function's node, '{{function_node
    # __inference_<lambda>_11}} ...\n\t [[{{node TensorArrayV2Write/TensorListSetItem}}]] ...', autograph10's p17b.py)
    kind, text = _raised(tf.function(body))
    first, _, node = text.partition('\n\t [[{{node ')
    assert (kind, first) == ('InvalidArgumentError', '{{function_node __inference_<lambda>}} ' + expected)
    assert node.endswith('}}]] [Op:__inference_<lambda>]')


def test_graph_shape_errors_and_accepted_programs():
    # TF 2.21: in user code: ... ValueError: Inconsistent shapes: saw (3,) but expected (2,)
    name, message = _raised(tf.function(
        lambda: tf.TensorArray(tf.float32, size=2, element_shape=[2]).write(0, [1.0, 2.0, 3.0]).stack()))
    assert name == 'ValueError' and message.endswith('ValueError: Inconsistent shapes: saw (3,) but expected (2,) \n')
    name, message = _raised(tf.function(
        lambda: tf.TensorArray(tf.float32, size=2).write(0, [1.0]).split([[1.0, 2.0], [3.0, 4.0]], [1, 1]).concat()))
    assert name == 'ValueError' and 'ValueError: Inconsistent shapes: saw (1, 2) but expected (1,) ' in message
    # TF 2.21: a graph split makes a new list of any number of pieces -> [1. 2. 3.]
    many = tf.function(lambda: tf.TensorArray(tf.float32, size=2).split([1.0, 2.0, 3.0], [1, 1, 1]).concat())
    assert many().numpy().tolist() == [1.0, 2.0, 3.0]
    # TF 2.21: an int written to a float32 array converts -> [1. 2.]
    ints = tf.function(lambda: tf.TensorArray(tf.float32, size=2).write(0, 1).write(1, 2).stack())
    assert ints().numpy().tolist() == [1.0, 2.0]


def test_size_must_be_given():
    # TF 2.21: eager TensorArray(tf.float32) / (dynamic_size=True) / (size=None, element_shape=[2]) ->
    # ValueError: Size must be declared for TensorArrays when eager execution is enabled.
    for kwargs in ({}, {'dynamic_size': True}, {'size': None, 'element_shape': [2]}):
        assert _raised(lambda: tf.TensorArray(tf.float32, **kwargs)) == (
            'ValueError', 'Size must be declared for TensorArrays when eager execution is enabled.')
    # TF 2.21, in a tf.function: in user code: ... ValueError: Argument `size` must be provided if argument
    # `flow` is not provided.
    name, message = _raised(tf.function(lambda: tf.TensorArray(tf.float32, dynamic_size=True).write(0, 1.0).stack()))
    assert name == 'ValueError'
    assert message.endswith('ValueError: Argument `size` must be provided if argument `flow` is not provided.\n')


def test_eager_split_unstack_scatter_checks():
    eager = [
        # TF 2.21's eager texts (tensor_array_ops._EagerTensorArray)
        (lambda: tf.TensorArray(tf.float32, size=2).split([1.0, 2.0, 3.0], [1, 1]),
         ('InvalidArgumentError', "Expected sum of lengths to be equal to values.shape[0], but sum of lengths is 2 "
                                  "and value's shape is: [3] ")),
        (lambda: tf.TensorArray(tf.float32, size=2).split([1.0, 2.0, 3.0], [1, 1, 1]),
         ('InvalidArgumentError', "TensorArray's size is not equal to the size of lengths (2 vs. 3), and the "
                                  "TensorArray is not marked as dynamically resizeable.")),
        (lambda: tf.TensorArray(tf.float32, size=3).split([1.0, 2.0, 3.0], [1, 2]),
         ('InvalidArgumentError', "TensorArray's size is not equal to the size of lengths (3 vs. 2), and the "
                                  "TensorArray is not marked as dynamically resizeable.")),
        (lambda: tf.TensorArray(tf.float32, size=1).split(1.0, [1]),
         ('InvalidArgumentError', 'Expected value to be at least a vector, but received shape: [] ')),
        (lambda: tf.TensorArray(tf.float32, size=3).split([1.0, 2.0, 3.0], [[1, 2]]),
         ('InvalidArgumentError', 'Expected lengths to be a vector, received shape: [1, 2] ')),
        (lambda: tf.TensorArray(tf.float32, size=2).unstack(1.0),
         ('ValueError', 'Argument `axis` = 0 not in range [0, 0)')),
        (lambda: tf.TensorArray(tf.float32, size=3).scatter([0], 1.0),
         ('ValueError', 'Argument `axis` = 0 not in range [0, 0)')),
    ]
    for fn, expected in eager:
        assert _raised(fn) == expected
    # TF 2.21: eager scatter zips indices with rows -> TensorArray(size=2).scatter([0, 1], [1.]).stack() [1. 0.];
    # .split([1., 2., 3.], [2, 1]) with dynamic_size=True, size=0 -> read(1) [3.]; identity() -> [2.]
    assert tf.TensorArray(tf.float32, size=2).scatter([0, 1], [1.0]).stack().numpy().tolist() == [1.0, 0.0]
    grown = tf.TensorArray(tf.float32, size=0, dynamic_size=True).split([1.0, 2.0, 3.0], [2, 1])
    assert grown.read(1).numpy().tolist() == [3.0]
    assert tf.TensorArray(tf.float32, size=1).write(0, 2.0).identity().stack().numpy().tolist() == [2.0]
