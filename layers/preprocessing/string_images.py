"""Image preprocessing layers given images of strings, refused where Keras 3 on TF 2.21 first fails.

Most layers cast the images to their compute dtype first, which TF's Cast kernel refuses
(UnimplementedError 'Cast string to float is not supported'). Resizing goes straight to its resize
kernel, whose op registry has no string type; RandomContrast asks Keras's type promotion first
(ValueError); RandomBrightness casts its float factor to the images' dtype ('Cast float to string').
tapeflow's sentence, which says to convert the images, rides along as a note.
"""
from framework.errors import InvalidArgumentError, UnimplementedError, kernel_error

_KERNEL_DTYPE_NAMES = {'float32': 'float', 'float64': 'double', 'float16': 'half', 'bfloat16': 'bfloat16'}
_INTEGERS = 'int8, uint8, int16, uint16, int32, int64'
_ALIGN = 'attr=align_corners:bool,default=false'
_SIGNATURE = 'signature=images:T, size:int32%s -> resized_images:%s; attr=T:type,allowed=[%%s]; %s'
# interpolation -> (its kernel, the types TF 2.21's registry lists, the rest of the op's signature)
_RESIZE_KERNELS = {
    'bilinear': ('ResizeBilinear', _INTEGERS + ', bfloat16, half, float, double, bfloat16',
                 _SIGNATURE % ('', 'float', _ALIGN + '; attr=half_pixel_centers:bool,default=false')),
    'nearest': ('ResizeNearestNeighbor', _INTEGERS + ', half, float, double, bfloat16',
                _SIGNATURE % ('', 'T', _ALIGN + '; attr=half_pixel_centers:bool,default=false')),
    'bicubic': ('ResizeBicubic', _INTEGERS + ', half, float, double, bfloat16',
                _SIGNATURE % ('', 'float', _ALIGN + '; attr=half_pixel_centers:bool,default=false')),
    'area': ('ResizeArea', _INTEGERS + ', half, float, double, bfloat16', _SIGNATURE % ('', 'float', _ALIGN)),
}
# lanczos3 / lanczos5 run ScaleAndTranslate, whose registry text names its default kernel
_RESIZE_KERNELS['lanczos3'] = _RESIZE_KERNELS['lanczos5'] = (
    'ScaleAndTranslate', _INTEGERS + ', bfloat16, half, float, double',
    _SIGNATURE % (', scale:float, translation:float', 'float',
                  'attr=kernel_type:string,default="lanczos3"; attr=antialias:bool,default=true'))


def string_images_error(layer):
    """The error TF 2.21 raises when ``layer`` (an image preprocessing layer) is called on strings, or None
    where tapeflow keeps its own (a Resizing interpolation not listed above)."""
    kind = type(layer).__name__
    if kind == 'Resizing':
        error = _resize_registry_error(layer.interpolation)
    elif kind == 'RandomContrast':
        error = ValueError("dtype='string' is not a valid dtype for Keras type promotion.")
    elif kind == 'RandomBrightness':
        error = _cast_error('float', 'string')
    else:
        error = _cast_error('string', _KERNEL_DTYPE_NAMES.get(layer.compute_dtype, layer.compute_dtype))
    if error is not None:
        error.add_note('%s %r: expected numeric images, got strings; decode them first (tf.io.decode_image)'
                       % (kind, layer.name))
    return error


def _cast_error(source, target):
    return kernel_error('Cast', 'Cast %s to %s is not supported' % (source, target), named=True,
                        error_class=UnimplementedError)


def _resize_registry_error(interpolation):
    entry = _RESIZE_KERNELS.get(interpolation)
    if entry is None:
        return None
    kernel, allowed, signature = entry
    listed = ', '.join('DT_' + name.strip().upper() for name in allowed.split(','))
    return InvalidArgumentError(
        "Value for attr 'T' of string is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; Op<name=%s; "
        '%s> [Op:%s] name: ' % (allowed, kernel, kernel, signature % listed, kernel))
