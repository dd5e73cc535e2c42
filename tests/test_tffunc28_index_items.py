"""``x[index]`` with a list, tuple or 1-D index among the items: TensorFlow 2.21's TypeError, not a gather.

Golden texts measured with TF 2.21 (/work/notes/progs/tffunc28/idx.py and idx2.py; TF's output in
tf_idx.txt, tf_idx2.txt), eagerly and inside a tf.function (there wrapped in autograph's 'in user
code:' words). TensorFlow's indexing is StridedSlice: integers, slices of integers, ``...``,
``None`` and scalar int16/int32/int64 tensors or arrays only; a whole-index bool tensor or array
is a boolean mask. numpy (and tapeflow before) gathered rows for a 1-D index.
"""
import numpy as np
import pytest

import framework as tf

TEXT = ('Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar tf.int32/tf.int64 '
        'tensors are valid indices, got ')
X = [[1., 2.], [3., 4.], [5., 6.]]


@pytest.mark.parametrize('index, shown', [
    ((tf.constant([0, 2]),), "<tf.Tensor: shape=(2,), dtype=int32, numpy=array([0, 2], dtype=int32)>"),
    ((np.array([0, 2]),), 'array([0, 2])'),
    ((np.array([1]),), 'array([1])'),
    (([0, 1], 0), '[0, 1]'),
    ((0, [0, 1]), '[0, 1]'),
    ((Ellipsis, [0]), '[0]'),
    (((0, 1), 0), '(0, 1)'),
    ((tf.constant([True, False, True]), 0), "<tf.Tensor: shape=(3,), dtype=bool, numpy=array([ True, False,  "
                                            "True])>"),
    ((slice(None), np.array([True, False])), 'array([ True, False])'),
    ((tf.constant(1, tf.uint8),), '<tf.Tensor: shape=(), dtype=uint8, numpy=1>'),
    ((tf.constant(1, tf.int8),), '<tf.Tensor: shape=(), dtype=int8, numpy=1>'),
    ((slice(tf.constant([0]), None),), "<tf.Tensor: shape=(1,), dtype=int32, numpy=array([0], dtype=int32)>"),
])
def test_eager_index_items_tensorflow_refuses(index, shown):
    x = tf.constant(X)
    spec = index[0] if len(index) == 1 else index
    with pytest.raises(TypeError) as info:
        x[spec]
    assert str(info.value) == TEXT + shown


def test_list_of_a_list_is_its_first_item_refused():
    """TF reads x[[[0]]] as x[[0]] and refuses the item [0]."""
    with pytest.raises(TypeError) as info:
        tf.constant(X)[[[0]]]
    assert str(info.value) == TEXT + '[0]'


def test_variable_index_items_refused_as_a_tensors():
    v = tf.Variable(X)
    with pytest.raises(TypeError) as info:
        v[np.array([0, 2])]
    assert str(info.value) == TEXT + 'array([0, 2])'
    with pytest.raises(TypeError) as info:
        v[[0, 1], 0]
    assert str(info.value) == TEXT + '[0, 1]'


def test_traced_index_shows_the_graph_tensor():
    def pick(t):
        return t[tf.constant([0, 2])]
    with pytest.raises(TypeError) as info:
        tf.function(pick)(tf.constant(X))
    assert str(info.value).endswith("    TypeError: " + TEXT + "<tf.Tensor 'Const:0' shape=(2,) dtype=int32>\n")
    assert str(info.value).startswith('in user code:')


def test_valid_items_still_slice_as_tensorflow_does():
    """TF 2.21: masks, scalar int16/int32/int64 tensors, numpy integers and 0-d arrays index as before."""
    x = tf.constant(X)
    assert x[tf.constant([True, False, True])].numpy().tolist() == [[1., 2.], [5., 6.]]
    assert x[np.array([True, False, True])].numpy().tolist() == [[1., 2.], [5., 6.]]
    assert x[tf.constant(1, tf.int16)].numpy().tolist() == [3., 4.]
    assert x[tf.constant(1)].numpy().tolist() == [3., 4.]
    assert x[np.int8(1)].numpy().tolist() == [3., 4.]
    assert x[np.array(1)].numpy().tolist() == [3., 4.]
    assert x[tf.constant(0):tf.constant(2), 1].numpy().tolist() == [2., 4.]
    assert x[[]].numpy().tolist() == X
    assert tf.function(lambda t: t[1, tf.constant(0, tf.int64)])(x).numpy() == 3.
