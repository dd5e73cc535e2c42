"""How Keras 3 names and records each ``keras.ops`` call made on KerasTensors.

Keras 3 turns ``keras.ops.mean(x, axis=-1)`` on a symbolic tensor into an
Operation object, ``Mean(axis=-1)``, called on ``x``: the operation's class
(``Mean``, from module ``keras.src.ops.numpy``) and name (``mean``,
numbered) show in ``summary()`` and in a saved config; its constructor
arguments form the op's config; its call arguments (the tensors) form the
recorded node. This module holds those facts, read from Keras 3.15's op
definitions, so that tapeflow writes and reads the same configs.

The rule for most ops: the class is the function's name in CamelCase, the
module ``keras.src.ops.numpy``, and the parameters named in
``TENSOR_PARAMETERS`` are call arguments (given positionally); the rest
are constructor arguments. The tables below list where Keras differs.
"""
import functools

# Parameter names Keras passes to an op's call rather than its constructor.
TENSOR_PARAMETERS = frozenset((
    'a', 'abs_', 'angle', 'array', 'b', 'beta', 'bias', 'choicelist', 'condition', 'condlist',
    'constant_values', 'coordinates', 'data', 'default', 'depthwise_kernel', 'elements', 'end_points',
    'gamma', 'image1', 'image2', 'images', 'index', 'indices', 'inputs', 'kernel', 'key', 'mask', 'mean',
    'output', 'output_length', 'output_shape', 'pointwise_kernel', 'predictions', 'q', 'query', 'scale',
    'segment_ids', 'sequence_lengths', 'sorted_sequence', 'start', 'start_indices', 'start_points', 'stop',
    'target', 'target_length', 'targets', 'transform', 'translation', 'updates', 'value', 'values',
    'variable', 'variance', 'volumes', 'x', 'x1', 'x2', 'xs', 'y'))

# Call arguments where the rule above does not give Keras's; a trailing '=' marks one Keras
# passes by keyword, a leading '*' the variadic operands.
CALL_PARAMETERS = {
    'arange': ('start', 'stop', 'step='),
    'average': ('x', 'weights='),
    'digitize': ('x', 'bins'),
    'dot_product_attention': ('query', 'key', 'value', 'bias=', 'mask=', 'scale='),
    'einsum': ('*operands',),
    'full': ('fill_value',),
    'full_like': ('x', 'fill_value'),
    'isclose': ('x1', 'x2', 'rtol', 'atol'),
    'meshgrid': ('*x',),
    'pad': ('x', 'constant_values='),
    'rms_normalization': ('x', 'scale='),
    'squareplus': ('x',),
    'trapezoid': ('y',),
}

# Keras's class where it is not the CamelCase of the function's name.
CLASS_NAMES = {
    'abs': 'Absolute', 'allclose': 'AllClose', 'batch_normalization': 'BatchNorm', 'cdist': 'CDist',
    'conj': 'Conjugate', 'ctc_decode': 'CTCDecode', 'ctc_loss': 'CTCLoss', 'extract_patches_3d': 'ExtractPatches',
    'fft': 'FFT', 'fft2': 'FFT2', 'hard_swish': 'HardSilu', 'hsv_to_rgb': 'HSVToRGB', 'ifft2': 'IFFT2',
    'irfft': 'IRFFT', 'isin': 'IsIn', 'istft': 'ISTFT', 'layer_normalization': 'LayerNorm', 'psnr': 'PSNR',
    'rfft': 'RFFT', 'rgb_to_grayscale': 'RGBToGrayscale', 'rgb_to_hsv': 'RGBToHSV',
    'rms_normalization': 'RMSNorm', 'searchsorted': 'SearchSorted', 'ssim': 'SSIM', 'stft': 'STFT',
    'svd': 'SVD', 'swish': 'Silu', 'activations.relu': 'ReLU',
}

# The functions whose class lives outside keras.src.ops.numpy.
_MODULE_MEMBERS = {
    'nn': 'adaptive_average_pool adaptive_max_pool average_pool batch_normalization binary_crossentropy '
          'categorical_crossentropy celu conv conv_transpose ctc_decode ctc_loss depth_to_space depthwise_conv '
          'dot_product_attention elu fold gelu glu hard_shrink hard_sigmoid hard_silu hard_swish hard_tanh '
          'layer_normalization leaky_relu log_sigmoid log_softmax max_pool moments multi_hot normalize one_hot '
          'polar psnr relu relu6 rms_normalization selu separable_conv sigmoid silu soft_shrink softmax '
          'softplus softsign space_to_depth sparse_categorical_crossentropy sparse_plus sparse_sigmoid '
          'sparsemax squareplus swish tanh_shrink threshold unfold',
    'image': 'affine_transform crop_images elastic_transform extract_patches extract_patches_3d gaussian_blur '
             'hsv_to_rgb map_coordinates pad_images perspective_transform resize rgb_to_grayscale rgb_to_hsv '
             'scale_and_translate sobel_edges ssim',
    'core': 'cast convert_to_tensor saturate_cast scatter scatter_update slice slice_update stop_gradient unstack',
    'math': 'cdist erf erfc erfinv extract_sequences fft fft2 ifft2 in_top_k irfft istft logdet logsumexp rfft '
            'rsqrt segment_max segment_min segment_prod segment_sum stft top_k view_as_complex view_as_real',
    'linalg': 'cholesky cholesky_inverse det eig eigh inv lstsq lu_factor matrix_rank norm pinv qr solve '
              'solve_triangular svd',
}
MODULES = {name: 'keras.src.ops.' + module for module, names in _MODULE_MEMBERS.items() for name in names.split()}
MODULES['activations.relu'] = 'keras.src.activations.activations'

# The functions behind KerasTensor's operators that keras.ops does not export under these names.
OPERATOR_FUNCTIONS = ('get_item', 'activations.relu')


def class_name(function_name):
    """Keras's op class for ``keras.ops.<function_name>``: 'TrueDivide' for 'true_divide'."""
    return CLASS_NAMES.get(function_name) or ''.join(part[:1].upper() + part[1:]
                                                     for part in function_name.split('_'))


def module(function_name):
    return MODULES.get(function_name, 'keras.src.ops.numpy')


@functools.lru_cache(maxsize=None)
def function_for_class(name):
    """The keras.ops function name whose op class is ``name`` (None for an unknown class)."""
    from framework.keras import ops
    names = list(ops.__all__) + [n for n in dir(ops.image) if not n.startswith('_')] + list(OPERATOR_FUNCTIONS)
    for function_name in names:
        if class_name(function_name) == name and function_name not in ('abs', 'conj', 'swish', 'hard_swish'):
            return function_name
    return None
