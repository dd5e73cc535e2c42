"""The TensorFlow kernel whose broadcast fails first in each op tapeflow computes with numpy's
broadcasting, so that a shape mismatch prints TF 2.21's eager text:

    {{function_node __wrapped__LogicalOr_device_/job:localhost/replica:0/task:0/device:CPU:0}}
    Incompatible shapes: [0,3] vs. [2,3] [Op:LogicalOr] name:

Keyed by the op name ``named_errors`` knows the op by; checked against TF 2.21 (opfuzz / kopsfuzz rows
op|0|empty, op|1|shape57, ... in /work/notes/progs/fuzz6). The shapes print in the operands' order,
which numpy's error keeps.
"""

KERNELS = {
    'complex': 'Complex', 'igamma': 'Igamma', 'igammac': 'Igammac', 'polygamma': 'Polygamma', 'zeta': 'Zeta',
    'nextafter': 'NextAfter', 'truncatediv': 'TruncateDiv', 'truncatemod': 'TruncateMod',
    'logical_and': 'LogicalAnd', 'logical_or': 'LogicalOr',
    'logical_xor': 'LogicalOr',            # TF computes (x | y) & ~(x & y): the Or broadcasts first
    # keras.ops as Keras 3 builds them on TensorFlow
    'keras.ops.allclose': 'LogicalAnd', 'keras.ops.isclose': 'Sub', 'keras.ops.fmax': 'Maximum',
    'keras.ops.fmin': 'Minimum', 'keras.ops.fmod': 'FloorMod', 'keras.ops.nextafter': 'NextAfter',
}
