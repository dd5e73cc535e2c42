"""TF 2.21's Python API dispatcher words a wrong call of a dispatch-enabled function itself, before Python does:
``tf.linalg.cholesky_solve(x)`` is "TypeError: Missing required positional argument" (Python: "cholesky_solve()
missing 1 required positional argument: 'rhs'"), an unknown keyword "Got an unexpected keyword argument 'bogus'",
a repeated one "Got multiple values for argument 'x'". Generated raw ops (tf.realdiv, tf.math.squared_difference,
nextafter, segment_sum, ...) have no such dispatcher: Python's words stay.

``DISPATCHED`` holds the ops (as operands.named_errors names them) whose public function TF 2.21 dispatches, read off
TF 2.21 by calling each public function of tf, tf.math, nn, linalg, signal, image, random, strings, sparse and
bitwise with no argument (/work/notes/progs/errors56/dl.py, dl2.py). named_errors rewords Python's binding error
for them, on its error path only, and keeps Python's words as a note.
"""
import re

DISPATCHED = frozenset((
    'add_n', 'adjoint', 'approx_max_k', 'approx_min_k', 'atrous_conv2d', 'atrous_conv2d_transpose', 'avg_pool',
    'avg_pool1d', 'avg_pool2d', 'avg_pool3d', 'batch_norm_with_global_normalization', 'batch_normalization',
    'batch_to_space', 'bessel_i0', 'bessel_i0e', 'bessel_i1', 'bessel_i1e', 'bias_add', 'bincount',
    'broadcast_dynamic_shape', 'broadcast_static_shape', 'cast', 'cholesky_solve', 'clip_by_norm', 'clip_by_value',
    'collapse_repeated', 'complex', 'compute_accidental_hits', 'compute_average_loss', 'concat', 'confusion_matrix',
    'conj', 'conv1d', 'conv1d_transpose', 'conv2d', 'conv2d_transpose', 'conv3d', 'conv3d_transpose',
    'conv_transpose', 'convolution', 'count_nonzero', 'crelu', 'ctc_beam_search_decoder', 'ctc_greedy_decoder',
    'ctc_loss', 'ctc_unique_labels', 'cumulative_logsumexp', 'depth_to_space', 'depthwise_conv2d', 'diag',
    'diag_part', 'dilation2d', 'divide_no_nan', 'dropout', 'eig', 'eigh', 'eigh_tridiagonal', 'eigvals', 'eigvalsh',
    'embedding_lookup', 'embedding_lookup_sparse', 'erfcinv', 'erfinv', 'erosion2d', 'expand_dims', 'expm', 'eye',
    'fingerprint', 'fixed_unigram_candidate_sampler', 'foldl', 'foldr', 'fractional_avg_pool',
    'fractional_max_pool', 'global_norm', 'histogram_fixed_width', 'histogram_fixed_width_bins', 'imag',
    'image.adjust_brightness', 'image.adjust_contrast', 'image.adjust_gamma', 'image.adjust_hue',
    'image.adjust_jpeg_quality', 'image.adjust_saturation', 'image.central_crop',
    'image.combined_non_max_suppression', 'image.convert_image_dtype', 'image.crop_and_resize',
    'image.crop_to_bounding_box', 'image.draw_bounding_boxes', 'image.extract_glimpse', 'image.extract_patches',
    'image.flip_left_right', 'image.flip_up_down', 'image.grayscale_to_rgb', 'image.image_gradients',
    'image.non_max_suppression', 'image.non_max_suppression_overlaps', 'image.non_max_suppression_padded',
    'image.non_max_suppression_with_scores', 'image.pad_to_bounding_box', 'image.per_image_standardization',
    'image.psnr', 'image.random_brightness', 'image.random_contrast', 'image.random_crop',
    'image.random_flip_left_right', 'image.random_flip_up_down', 'image.random_hue', 'image.random_jpeg_quality',
    'image.random_saturation', 'image.resize', 'image.resize_with_crop_or_pad', 'image.resize_with_pad',
    'image.rgb_to_grayscale', 'image.rgb_to_yiq', 'image.rgb_to_yuv', 'image.rot90',
    'image.sample_distorted_bounding_box', 'image.sobel_edges', 'image.ssim', 'image.ssim_multiscale',
    'image.stateless_random_brightness', 'image.stateless_random_contrast', 'image.stateless_random_crop',
    'image.stateless_random_flip_left_right', 'image.stateless_random_flip_up_down', 'image.stateless_random_hue',
    'image.stateless_random_jpeg_quality', 'image.stateless_random_saturation',
    'image.stateless_sample_distorted_bounding_box', 'image.total_variation', 'image.transpose', 'image.yiq_to_rgb',
    'image.yuv_to_rgb', 'in_top_k', 'is_non_decreasing', 'is_strictly_increasing', 'isotonic_regression',
    'l2_normalize', 'lbeta', 'learned_unigram_candidate_sampler', 'linspace', 'log_poisson_loss',
    'log_uniform_candidate_sampler', 'logdet', 'logical_xor', 'lstsq', 'lu_matrix_inverse', 'lu_reconstruct',
    'lu_solve', 'matrix_rank', 'matrix_transpose', 'matvec', 'max_pool', 'max_pool1d', 'max_pool2d', 'max_pool3d',
    'max_pool_with_argmax', 'moments', 'multiply_no_nan', 'nce_loss', 'ndtri',
    'nn.depthwise_conv2d_backprop_filter', 'nn.depthwise_conv2d_backprop_input', 'norm', 'normalize',
    'normalize_moments', 'one_hot', 'pad', 'pinv', 'polyval', 'pool', 'range', 'real', 'reciprocal_no_nan',
    'reduce_euclidean_norm', 'reduce_std', 'reduce_variance', 'repeat', 'reverse_sequence', 'roll',
    'safe_embedding_lookup_sparse', 'sampled_softmax_loss', 'saturate_cast', 'scalar_mul',
    'scale_regularization_loss', 'scan', 'searchsorted', 'separable_conv2d', 'sequence_mask', 'set_diag',
    'signal.dct', 'signal.fftshift', 'signal.frame', 'signal.hamming_window', 'signal.hann_window', 'signal.idct',
    'signal.ifftshift', 'signal.inverse_mdct', 'signal.inverse_stft', 'signal.inverse_stft_window_fn',
    'signal.kaiser_bessel_derived_window', 'signal.kaiser_window', 'signal.mdct',
    'signal.mfccs_from_log_mel_spectrograms', 'signal.overlap_and_add', 'signal.stft', 'signal.vorbis_window',
    'sobol_sample', 'softmax_cross_entropy_with_logits', 'space_to_depth', 'split', 'sufficient_statistics', 'svd',
    'tensor_diag_part', 'tensor_scatter_nd_update', 'tensordot', 'trace', 'triangular_solve', 'tridiagonal_matmul',
    'tridiagonal_solve', 'uniform_candidate_sampler', 'unique', 'unique_with_counts', 'unsorted_segment_mean',
    'unsorted_segment_sqrt_n', 'unstack', 'weighted_cross_entropy_with_logits', 'weighted_moments',
    'with_space_to_batch', 'xdivy', 'xlog1py', 'zero_fraction'
))

_REWORDED = (
    (re.compile(r'missing \d+ required (?:positional|keyword-only) arguments?: .*$'),
     lambda found: 'Missing required positional argument'),
    (re.compile(r"got an unexpected keyword argument ('.*')$"),
     lambda found: 'Got an unexpected keyword argument %s' % found.group(1)),
    (re.compile(r"got multiple values for argument ('.*')$"),
     lambda found: 'Got multiple values for argument %s' % found.group(1)),
)


def dispatcher_error(error, fn):
    """TF's dispatcher's TypeError for Python's binding ``error`` of a call of ``fn`` (its message starts with
    fn's name), Python's words as a note; None for any other error."""
    text = str(error)
    head = fn.__qualname__ + '() '
    if not text.startswith(head):
        return None
    for pattern, words in _REWORDED:
        found = pattern.match(text, len(head))
        if found:
            reworded = TypeError(words(found))
            reworded.add_note(text)
            return reworded
    return None
