"""``tf.extract_volume_patches``: the 3-D ``extract_patches`` of TensorFlow's ExtractVolumePatches kernel,
through ``keras.ops.image.extract_patches_3d`` (one gather of the padded volume, its gradient a scatter)."""
from ..errors import InvalidArgumentError, UnimplementedError, kernel_error
from .operands import as_tensor, named_errors


def _attr(values, what):
    values = [int(v) for v in values]
    if len(values) != 5:
        raise InvalidArgumentError("Attr '%s' of ExtractVolumePatches must have 5 values [1, planes, rows, cols, 1], "
                                   "got %s" % (what, values))
    return values


@named_errors('extract_volume_patches')
def extract_volume_patches(input, ksizes, strides, padding, name=None):  # noqa: A002  (TensorFlow's names)
    """Patches of ksizes[1:4] voxels every strides[1:4] voxels from [batch, planes, rows, cols, depth],
    each flattened (plane, row, column, depth) into the last axis.

    Raises:
        UnimplementedError: sizes or strides across the batch or depth axes. InvalidArgumentError: an
            input that is not 5-D, a padding other than 'SAME' / 'VALID', a patch larger than the volume.
    """
    from ..keras.ops_volume_patches import extract_patches_3d
    x = as_tensor(input, 'extract_volume_patches')
    ksizes, strides = _attr(ksizes, 'ksizes'), _attr(strides, 'strides')
    for values, what in ((ksizes, 'ksizes'), (strides, 'strides')):
        if values[0] != 1 or values[4] != 1:
            raise UnimplementedError(None, None, str(kernel_error('ExtractVolumePatches', 'Only support %s across '
                                                                  'space.' % what, named=True)))
    if padding not in ('SAME', 'VALID'):
        raise InvalidArgumentError('Value for attr \'padding\' of "%s" is not in the list of allowed values: "SAME", '
                                   '"VALID"\n\t; NodeDef: {{node ExtractVolumePatches}}' % (padding,))
    if x.ndim != 5:
        raise kernel_error('ExtractVolumePatches', 'input must be 5-dimensional[%s]' % ','.join(map(str, x.shape)),
                           named=True)
    if padding == 'VALID':
        for axis in range(1, 4):
            if x.shape[axis] < ksizes[axis]:
                raise kernel_error('ExtractVolumePatches', 'Computed output size would be negative: %d [input_size: '
                                   '%d, effective_filter_size: %d, stride: %d]'
                                   % ((x.shape[axis] - ksizes[axis]) // strides[axis] + 1, x.shape[axis], ksizes[axis],
                                      strides[axis]), named=True)
    return extract_patches_3d(x, ksizes[1:4], strides[1:4], padding=padding.lower())
