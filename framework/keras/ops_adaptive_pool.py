"""keras.ops.adaptive_average_pool / adaptive_max_pool, as Keras 3.15's TensorFlow backend computes them.

Keras pools each spatial axis in turn by its "two-pool gather": a VALID, stride-1 pool of the small window
ceil(L / n) and one of the big window (one longer) along that axis, concatenated, then a gather picks for output
i the pool whose window is [floor(i L / n), ceil((i + 1) L / n)). The averages are TF's AvgPool kernel's sums
over each window, divided once (tf.nn.pool), so its bits are those of that kernel, not of a weighted sum;
integer inputs meet AvgPool's dtype refusal, while MaxPool keeps int32.
"""
from framework import nn as _nn
from framework import ops as _ops
from .activation_inputs import shape_read
from .data_format import standardize_data_format


def _unpacked(sizes, count):
    # Keras reads output_size[0] for 1-D and unpacks it for 2-D / 3-D (out_h, out_w = output_size): another
    # length is Python's own ValueError ('not enough values to unpack (expected 2, got 1)'), a float its TypeError
    if count == 1:
        return (sizes[0],)
    if count == 2:
        height, width = sizes
        return height, width
    depth, height, width = sizes
    return depth, height, width


def _adaptive(name, pooling_type):
    def pool(inputs, output_size, data_format=None):
        data_format = standardize_data_format(data_format, 'keras.ops.' + name)
        shape_read(inputs, name)        # (Keras reads inputs.shape: a list has none)
        spatial = len(inputs.shape) - 2
        if spatial not in (1, 2, 3):
            raise ValueError('%s supports 1D, 2D, or 3D inputs only.' % name)
        x = inputs
        if data_format == 'channels_first':
            x = _ops.transpose(x, [0] + list(range(2, spatial + 2)) + [1])
        # Keras reads the static shape with TensorShape.as_list(): a numpy array's tuple has none
        lengths = x.shape.as_list()[1:-1]
        sizes = (output_size,) * spatial if isinstance(output_size, int) else _unpacked(output_size, spatial)
        for length, count in zip(lengths, sizes):
            length / count      # Keras's window, ceil(length / count), first: a 0 is Python's 'division by zero'
        from layers.adaptive_pooling import adaptive_pool      # (layers imports framework.keras: looked up here)
        # (the layers' two-pool gather, on tf.nn's MaxPool / AvgPool: max keeps int32, average refuses integers)
        x = adaptive_pool(x, sizes, _nn.max_pool if pooling_type == 'MAX' else _nn.avg_pool)
        if data_format == 'channels_first':
            x = _ops.transpose(x, [0, spatial + 1] + list(range(1, spatial + 1)))
        return x
    pool.__name__ = pool.__qualname__ = name
    pool.__doc__ = ('%s pooling of 1-D, 2-D or 3-D inputs to ``output_size`` windows per spatial axis, window i '
                    'spanning [floor(i L / n), ceil((i + 1) L / n)), by Keras 3\'s two-pool gather on TF.'
                    % ('Max' if pooling_type == 'MAX' else 'Average'))
    return pool


adaptive_average_pool = _adaptive('adaptive_average_pool', 'AVG')
adaptive_max_pool = _adaptive('adaptive_max_pool', 'MAX')
