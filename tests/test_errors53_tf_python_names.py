"""Python words its own argument errors with a function's qualname, and TF 2.21's functions carry their op-module
names: tf.realdiv(x) says "real_div() missing 1 required positional argument: 'y'", tf.tensor_scatter_nd_max(t)
"tensor_scatter_max() missing 2 ...", tf.math.greater(x) "greater() ...". tapeflow said 'realdiv()', or for a
function made by a factory '_scatter_extreme.<locals>.scatter()', '_compare.<locals>.op()', '_extreme.<locals>.run()'
(framework/tf_python_names.py). Functions so named still pickle by reference, as TF's do."""
import pickle

import pytest

import framework as tf

# (function path, arguments, TF 2.21's message)
MISSING = [
    ('greater', (None,), "greater() missing 1 required positional argument: 'y'"),
    ('greater_equal', (None,), "greater_equal() missing 1 required positional argument: 'y'"),
    ('less', (None,), "less() missing 1 required positional argument: 'y'"),
    ('math.less_equal', (None,), "less_equal() missing 1 required positional argument: 'y'"),
    ('realdiv', (None,), "real_div() missing 1 required positional argument: 'y'"),
    ('truncatediv', (None,), "truncate_div() missing 1 required positional argument: 'y'"),
    ('truncatemod', (None,), "truncate_mod() missing 1 required positional argument: 'y'"),
    ('math.floormod', (None,), "floor_mod() missing 1 required positional argument: 'y'"),
    ('math.mod', (None,), "floor_mod() missing 1 required positional argument: 'y'"),
    ('math.nextafter', (None,), "next_after() missing 1 required positional argument: 'x2'"),
    ('reverse', (None,), "reverse_v2() missing 1 required positional argument: 'axis'"),
    ('gradients', (None,), "gradients_v2() missing 1 required positional argument: 'xs'"),
    ('hessians', (None,), "HessiansV2() missing 1 required positional argument: 'xs'"),
    ('tensor_scatter_nd_max', (None,),
     "tensor_scatter_max() missing 2 required positional arguments: 'indices' and 'updates'"),
    ('tensor_scatter_nd_min', (None, None), "tensor_scatter_min() missing 1 required positional argument: 'updates'"),
    ('tensor_scatter_nd_add', (None,),
     "tensor_scatter_add() missing 2 required positional arguments: 'indices' and 'updates'"),
    ('tensor_scatter_nd_sub', (None, None), "tensor_scatter_sub() missing 1 required positional argument: 'updates'"),
    ('linalg.band_part', (None,),
     "matrix_band_part() missing 2 required positional arguments: 'num_lower' and 'num_upper'"),
    ('linalg.solve', (None,), "matrix_solve() missing 1 required positional argument: 'rhs'"),
    ('sparse.add', (None,), "sparse_add_v2() missing 1 required positional argument: 'b'"),
    ('sparse.concat', (None,), "sparse_concat_v2() missing 1 required positional argument: 'sp_inputs'"),
    ('sparse.fill_empty_rows', (None,),
     "sparse_fill_empty_rows() missing 1 required positional argument: 'default_value'"),
    ('sparse.mask', (None,), "sparse_mask() missing 1 required positional argument: 'mask_indices'"),
    ('sparse.maximum', (None,), "sparse_maximum() missing 1 required positional argument: 'sp_b'"),
    ('sparse.minimum', (None,), "sparse_minimum() missing 1 required positional argument: 'sp_b'"),
    ('sparse.retain', (None,), "sparse_retain() missing 1 required positional argument: 'to_retain'"),
    ('sparse.segment_sum', (None,),
     "sparse_segment_sum_v2() missing 2 required positional arguments: 'indices' and 'segment_ids'"),
    ('sparse.segment_mean', (None, None),
     "sparse_segment_mean_v2() missing 1 required positional argument: 'segment_ids'"),
    ('sparse.segment_sqrt_n', (None,),
     "sparse_segment_sqrt_n_v2() missing 2 required positional arguments: 'indices' and 'segment_ids'"),
    ('sparse.slice', (None, None), "sparse_slice() missing 1 required positional argument: 'size'"),
    ('sparse.sparse_dense_matmul', (None,),
     "sparse_tensor_dense_matmul() missing 1 required positional argument: 'b'"),
    ('sparse.to_indicator', (None,), "sparse_to_indicator() missing 1 required positional argument: 'vocab_size'"),
]


def _function(path):
    obj = tf
    for part in path.split('.'):
        obj = getattr(obj, part)
    return obj


@pytest.mark.parametrize('path,args,message', MISSING, ids=[row[0] for row in MISSING])
def test_missing_argument_names_tf_function(path, args, message):
    with pytest.raises(TypeError) as info:
        _function(path)(*args)
    assert str(info.value) == message


def test_too_many_arguments_name_tf_function():
    # TF 2.21: "sparse_reorder() takes from 1 to 2 positional arguments but 3 were given"
    with pytest.raises(TypeError) as info:
        tf.sparse.reorder(None, None, None)
    assert str(info.value) == 'sparse_reorder() takes from 1 to 2 positional arguments but 3 were given'


@pytest.mark.parametrize('path,name', [
    ('math.greater', 'greater'), ('not_equal', 'not_equal'), ('reduce_max', 'reduce_max'),
    ('reduce_min', 'reduce_min'), ('tensor_scatter_nd_max', 'tensor_scatter_max'), ('math.mod', 'floor_mod'),
    ('sparse.maximum', 'sparse_maximum'), ('sparse.reduce_sum', 'sparse_reduce_sum_v2'),
    ('sparse.reduce_max', 'sparse_reduce_max_v2'), ('sparse.to_dense', 'sparse_tensor_to_dense'),
    ('sparse.cross', 'sparse_cross'), ('sparse.cross_hashed', 'sparse_cross_hashed'), ('sparse.eye', 'sparse_eye'),
    ('sparse.split', 'sparse_split_v2'), ('sparse.bincount', 'sparse_bincount')])
def test_function_names(path, name):
    # TF 2.21's __name__ and __qualname__ of these functions
    function = _function(path)
    assert (function.__name__, function.__qualname__) == (name, name)


@pytest.mark.parametrize('path', ['greater', 'reduce_max', 'realdiv', 'reverse', 'tensor_scatter_nd_max',
                                  'sparse.maximum', 'sparse.reduce_sum', 'sparse.add', 'linalg.band_part', 'nn.softmax',
                                  'nn.log_softmax', 'random.stateless_normal', 'random.stateless_uniform',
                                  'random.gamma', 'random.poisson'])
def test_renamed_functions_pickle_by_reference(path):
    # TF 2.21 pickles its functions by reference: the same object comes back
    function = _function(path)
    assert pickle.loads(pickle.dumps(function)) is function


def test_renamed_functions_still_compute():
    x, y = tf.constant([5., -7.]), tf.constant([3., 3.])
    assert tf.math.floormod(x, y).numpy().tolist() == [2., 2.]     # TF 2.21 gives [2., 2.]
    assert tf.greater(x, y).numpy().tolist() == [True, False]
    assert tf.tensor_scatter_nd_max(x, [[1]], [0.]).numpy().tolist() == [5., 0.]
