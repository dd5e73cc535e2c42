"""tf.image.extract_patches' arguments checked as TF 2.21's ExtractImagePatches op checks them: the Python
attribute conversion (a list of ints, a string padding), the op registry (lists of at least 4, padding
'SAME' or 'VALID', the dtypes), the device's kernel list (no CPU kernel for bools), then the kernel
(the first and last entries 1, the others >= 1; a 4-D input). Texts from /work/notes/progs/errors9/p/x1.py."""
import numbers

from ...errors import InvalidArgumentError, NotFoundError, OutOfRangeError, UnimplementedError, kernel_error
from ...tensor_shape import TensorShape
from ..graph_input_errors import kernel_dtype_name

KERNEL = 'ExtractImagePatches'
_TYPES = ('bfloat16', 'half', 'float', 'double', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32',
          'uint64', 'complex64', 'complex128', 'bool')
_OP_TEXT = ('; NodeDef: {{node ExtractImagePatches}}; Op<name=ExtractImagePatches; signature=images:T -> patches:T; '
            'attr=ksizes:list(int),min=4; attr=strides:list(int),min=4; attr=rates:list(int),min=4; '
            'attr=T:type,allowed=[%s]; attr=padding:string,allowed=["SAME", "VALID"]> [Op:ExtractImagePatches] name: '
            % ', '.join('DT_' + t.upper() for t in _TYPES))
_CPU = ('COMPLEX128', 'COMPLEX64', 'DOUBLE', 'FLOAT', 'BFLOAT16', 'HALF', 'INT32', 'INT8', 'UINT8', 'INT16', 'UINT16',
        'UINT32', 'INT64', 'UINT64')


def _fail(error, note):
    error.add_note(note)
    raise error


def _python_list(value, attr, op):
    """Ints from a list or tuple, as TF's attribute conversion takes them (2.0 passes, 'a' does not)."""
    if value is None:       # an unset list attribute: empty
        return []
    # x.shape as ksizes: TF's attribute conversion takes a TensorShape of known lengths ((None, 3) is refused whole)
    if not (isinstance(value, (list, tuple)) or isinstance(value, TensorShape) and value.is_fully_defined()):
        _fail(TypeError("Expected list for '%s' argument to 'extract_image_patches' Op, not %r." % (attr, value)),
              '%s: %s must be a list [1, rows, cols, 1]' % (op, attr))
    for v in value:
        if not isinstance(v, numbers.Real):
            _fail(TypeError("Expected int for argument '%s' not %r." % (attr, v)),
                  '%s: %s must hold integers, got %r' % (op, attr, value))
    return [int(v) for v in value]


def check(images, sizes, strides, rates, padding, op):
    """((kh, kw), (sh, sw), (rh, rw), padding) or TensorFlow's error for these arguments."""
    lists = [_python_list(v, attr, op) for v, attr in ((sizes, 'ksizes'), (strides, 'strides'), (rates, 'rates'))]
    if not isinstance(padding, str):
        _fail(TypeError("Expected string for argument 'padding' not %r." % (padding,)),
              "%s: padding must be 'SAME' or 'VALID'" % op)
    for values, attr in zip(lists, ('ksizes', 'strides', 'rates')):
        if len(values) < 4:
            _fail(InvalidArgumentError("Length for attr '%s' of %d must be at least minimum 4\n\t%s"
                                       % (attr, len(values), _OP_TEXT)),
                  '%s: %s must be [1, rows, cols, 1], got %r' % (op, attr, values))
    dtype = images.dtype.name
    shown = kernel_dtype_name(dtype)
    if shown not in _TYPES:
        _fail(InvalidArgumentError("Value for attr 'T' of %s is not in the list of allowed values: %s\n\t%s"
                                   % (shown, ', '.join(_TYPES), _OP_TEXT)),
              '%s: TensorFlow has no ExtractImagePatches for %s images' % (op, dtype))
    if padding not in ('SAME', 'VALID'):
        _fail(InvalidArgumentError('Value for attr \'padding\' of "%s" is not in the list of allowed values: "SAME", '
                                   '"VALID"\n\t%s' % (padding, _OP_TEXT)),
              "%s: padding must be 'SAME' or 'VALID' (upper case), got %r" % (op, padding))
    if shown.upper() not in _CPU:
        listed = ''.join("\n  device='CPU'; T in [DT_%s]" % t for t in _CPU)
        error = NotFoundError('Could not find device for node: {{node %s}} = %s[T=DT_%s, ksizes=%s, padding="%s", '
                              'rates=%s, strides=%s]\nAll kernels registered for op %s:\n  device=\'XLA_CPU_JIT\'; '
                              'T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_BFLOAT16, DT_HALF]%s\n [Op:%s] name: '
                              % (KERNEL, KERNEL, shown.upper(), lists[0], padding, lists[2], lists[1], KERNEL,
                                 listed, KERNEL))
        # (a tf.function's graph builds the node, its run fails: graph_missing_kernels; the attrs in one order TF
        # 2.21 prints them in there, a map's, which varies from run to run: notes/progs/kerasops11/pb_tf.out)
        error.missing_kernel = (KERNEL, shown.upper(), ["device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, "
                                                        "DT_BFLOAT16, DT_HALF]"] + ["device='CPU'; T in [DT_%s]" % t
                                                                                   for t in _CPU],
                                'padding="%s", T=DT_%s, strides=%s, rates=%s, ksizes=%s'
                                % (padding, shown.upper(), lists[1], lists[2], lists[0]))
        _fail(error, '%s: TensorFlow has no CPU kernel for %s images; cast them first' % (op, dtype))
    for values, attr in zip(lists, ('ksizes', 'strides', 'rates')):
        if values[0] != 1 or values[3] != 1:
            raise _kernel(UnimplementedError, 'Only support %s across space.' % attr,
                          '%s: %s must be [1, rows, cols, 1], got %r' % (op, attr, values))
        if values[1] < 1 or values[2] < 1:
            raise _kernel(OutOfRangeError, '%s is out of range.' % attr,
                          '%s: %s must be [1, rows, cols, 1] with rows and cols >= 1, got %r' % (op, attr, values))
    if images.ndim != 4:
        raise kernel_error(KERNEL, 'input must be 4-dimensional[%s]' % ','.join(map(str, images.shape)), named=True,
                           note='%s: images must be 4-D (batch, height, width, channels), got shape %s'
                           % (op, tuple(images.shape)))
    return tuple((values[1], values[2]) for values in lists) + (padding,)


def _kernel(cls, text, note):
    error = cls('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s] '
                'name: ' % (KERNEL, text, KERNEL))
    error.add_note(note)
    return error
