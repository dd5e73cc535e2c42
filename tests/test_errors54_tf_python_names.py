"""TF 2.21's Python names for tf.linalg's matrix functions, tf.strings' and tf.random's stateless ops, a few
tf.math ops and tf.nn's / tf.image's functions, set where tapeflow defines them (tf_named: no wrapper, no cost
per call). TF's are its op modules' names (tf.linalg.det is matrix_determinant, tf.negative neg, tf.strings.substr substr_v2, ...): its repr shows
them, Python's argument errors name them (tf.linalg.det() "matrix_determinant() missing 1 required positional
argument: 'input'") and they pickle by reference. tapeflow's carried their public names (det, negative, substr).
Probe: /work/notes/progs/errors54/n3.py (n3_tf.out); the full list: /work/notes/progs/errors53/names.py."""
import pickle

import pytest

import framework as tf

# (function path, TF 2.21's __name__ (its __qualname__ too))
RENAMED = [
    ('linalg.det', 'matrix_determinant'), ('linalg.inv', 'matrix_inverse'), ('linalg.slogdet', 'log_matrix_determinant'),
    ('linalg.eigh', 'self_adjoint_eig'), ('linalg.eigvalsh', 'self_adjoint_eigvals'),
    ('linalg.expm', 'matrix_exponential'), ('linalg.logm', 'matrix_logarithm'), ('linalg.sqrtm', 'matrix_square_root'),
    ('matrix_square_root', 'matrix_square_root'), ('linalg.lstsq', 'matrix_solve_ls'),
    ('linalg.triangular_solve', 'matrix_triangular_solve'), ('linalg.diag', 'matrix_diag'),
    ('linalg.diag_part', 'matrix_diag_part'), ('linalg.set_diag', 'matrix_set_diag'),
    ('strings.to_number', 'string_to_number'), ('strings.substr', 'substr_v2'),
    ('strings.bytes_split', 'string_bytes_split'), ('strings.format', 'string_format'),
    ('strings.to_hash_bucket', 'string_to_hash_bucket'), ('strings.reduce_join', 'reduce_join_v2'),
    ('random.stateless_binomial', 'stateless_random_binomial'), ('random.stateless_gamma', 'stateless_random_gamma'),
    ('random.stateless_poisson', 'stateless_random_poisson'), ('math.count_nonzero', 'count_nonzero_v2'),
    ('math.in_top_k', 'in_top_k_v2'), ('nn.in_top_k', 'in_top_k_v2'), ('math.divide_no_nan', 'div_no_nan'),
    ('negative', 'neg'), ('math.negative', 'neg'), ('math.scalar_mul', 'scalar_mul_v2'),
]
# tf.nn's and tf.image's: their op modules' dispatched *_v2 names
RENAMED += [
    ('nn.conv1d', 'conv1d_v2'), ('nn.conv2d', 'conv2d_v2'), ('nn.conv2d_transpose', 'conv2d_transpose_v2'),
    ('nn.conv3d', 'conv3d_v2'), ('nn.conv3d_transpose', 'conv3d_transpose_v2'), ('nn.convolution', 'convolution_v2'),
    ('nn.depthwise_conv2d', 'depthwise_conv2d_v2'), ('nn.separable_conv2d', 'separable_conv2d_v2'),
    ('nn.depthwise_conv2d_backprop_filter', 'depthwise_conv2d_native_backprop_filter'),
    ('nn.depthwise_conv2d_backprop_input', 'depthwise_conv2d_native_backprop_input'),
    ('nn.avg_pool', 'avg_pool_v2'), ('nn.max_pool', 'max_pool_v2'), ('nn.pool', 'pool_v2'),
    ('nn.max_pool_with_argmax', 'max_pool_with_argmax_v2'), ('nn.fractional_avg_pool', 'fractional_avg_pool_v2'),
    ('nn.fractional_max_pool', 'fractional_max_pool_v2'), ('nn.dilation2d', 'dilation2d_v2'),
    ('nn.erosion2d', 'erosion2d_v2'), ('nn.crelu', 'crelu_v2'), ('nn.ctc_loss', 'ctc_loss_v3'),
    ('nn.ctc_beam_search_decoder', 'ctc_beam_search_decoder_v2'), ('nn.depth_to_space', 'depth_to_space_v2'),
    ('nn.space_to_depth', 'space_to_depth_v2'), ('batch_to_space', 'batch_to_space_v2'), ('nn.dropout', 'dropout_v2'),
    ('nn.moments', 'moments_v2'), ('nn.sufficient_statistics', 'sufficient_statistics_v2'),
    ('nn.weighted_moments', 'weighted_moments_v2'),
    ('nn.batch_norm_with_global_normalization', 'batch_norm_with_global_normalization_v2'),
    ('nn.sigmoid_cross_entropy_with_logits', 'sigmoid_cross_entropy_with_logits_v2'),
    ('nn.softmax_cross_entropy_with_logits', 'softmax_cross_entropy_with_logits_v2'),
    ('nn.sparse_softmax_cross_entropy_with_logits', 'sparse_softmax_cross_entropy_with_logits_v2'),
    ('nn.weighted_cross_entropy_with_logits', 'weighted_cross_entropy_with_logits_v2'),
    ('nn.embedding_lookup', 'embedding_lookup_v2'), ('nn.embedding_lookup_sparse', 'embedding_lookup_sparse_v2'),
    ('nn.safe_embedding_lookup_sparse', 'safe_embedding_lookup_sparse_v2'), ('nn.nce_loss', 'nce_loss_v2'),
    ('nn.sampled_softmax_loss', 'sampled_softmax_loss_v2'), ('norm', 'norm_v2'), ('linalg.norm', 'norm_v2'),
    ('reverse_sequence', 'reverse_sequence_v2'),
    ('image.crop_and_resize', 'crop_and_resize_v2'), ('image.draw_bounding_boxes', 'draw_bounding_boxes_v2'),
    ('image.extract_glimpse', 'extract_glimpse_v2'), ('image.extract_patches', 'extract_image_patches_v2'),
    ('image.resize_with_crop_or_pad', 'resize_image_with_crop_or_pad'),
    ('image.non_max_suppression_overlaps', 'non_max_suppression_with_overlaps'), ('image.resize', 'resize_images_v2'),
    ('image.resize_with_pad', 'resize_image_with_pad_v2'),
    ('image.sample_distorted_bounding_box', 'sample_distorted_bounding_box_v2'),
    # the array ops' dispatched names
    ('expand_dims', 'expand_dims_v2'), ('pad', 'pad_v2'), ('shape', 'shape_v2'), ('size', 'size_v2'),
    ('squeeze', 'squeeze_v2'), ('transpose', 'transpose_v2'), ('boolean_mask', 'boolean_mask_v2'),
    ('gather', 'gather_v2'), ('gather_nd', 'gather_nd_v2'), ('where', 'where_v2'),
    ('assert_equal', 'assert_equal_v2'), ('debugging.assert_equal', 'assert_equal_v2'),
    ('assert_greater', 'assert_greater_v2'), ('assert_less', 'assert_less_v2'), ('assert_rank', 'assert_rank_v2'),
    ('linspace', 'linspace_nd'), ('make_ndarray', 'MakeNdarray'), ('get_static_value', 'constant_value'),
    ('tuple', 'tuple_v2'),
]


def _function(path):
    function = tf
    for part in path.split('.'):
        function = getattr(function, part)
    return function


@pytest.mark.parametrize('path, name', RENAMED, ids=[path for path, _ in RENAMED])
def test_tf_python_name_and_pickling(path, name):
    function = _function(path)
    assert (function.__name__, function.__qualname__) == (name, name)
    assert pickle.loads(pickle.dumps(function)) is function        # TF 2.21 pickles them by reference


def test_no_public_name_is_added():
    names = {name for _, name in RENAMED} - {'matrix_square_root'}     # (tf.matrix_square_root is TF's too)
    for module in (tf, tf.math, tf.nn, tf.linalg, tf.strings, tf.random, tf.image, tf.signal, tf.debugging):
        assert not names & set(dir(module)), module.__name__


@pytest.mark.parametrize('call, text', [
    (lambda: tf.linalg.det(), "matrix_determinant() missing 1 required positional argument: 'input'"),
    (lambda: tf.linalg.inv(), "matrix_inverse() missing 1 required positional argument: 'input'"),
    (lambda: tf.linalg.slogdet(), "log_matrix_determinant() missing 1 required positional argument: 'input'"),
    (lambda: tf.linalg.logm(), "matrix_logarithm() missing 1 required positional argument: 'input'"),
    (lambda: tf.linalg.sqrtm(), "matrix_square_root() missing 1 required positional argument: 'input'"),
    (lambda: tf.negative(), "neg() missing 1 required positional argument: 'x'"),
])
def test_argument_errors_name_the_tf_function(call, text):
    with pytest.raises(TypeError) as info:          # TF 2.21's texts
        call()
    assert str(info.value) == text


def test_the_renamed_functions_still_compute():
    # TF 2.21: det([[1., 2.], [3., 4.]]) is -2.0000002 (float32 LU), negative([1]) [-1], substr(['hello'], 1, 3) [b'ell']
    assert tf.linalg.det(tf.constant([[1., 2.], [3., 4.]])).numpy() == pytest.approx(-2.0, rel=1e-6)
    assert tf.negative(tf.constant([1])).numpy().tolist() == [-1]
    assert tf.strings.substr(['hello'], 1, 3).numpy().tolist() == [b'ell']
    assert tf.math.count_nonzero([0, 1, 2]).numpy() == 2
    assert tf.linalg.diag_part(tf.constant([[1, 2], [3, 4]])).numpy().tolist() == [1, 4]
