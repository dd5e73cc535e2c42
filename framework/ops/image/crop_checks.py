"""tf.image.crop_and_resize's operands checked as TF 2.21 checks them: Python's conversions first (boxes
to float32, box_indices and crop_size to int32, method a string in the op's list), then the
CropAndResize kernel, in its order: the image (4-D, positive height and width), the boxes and their
indices (shapes), crop_size, indices inside the batch, finite boxes. The kernel's texts carry no
' name: ' tail. Texts: /work/notes/progs/errors9/p/c1.py."""
import numpy as np

from ... import backend
from ...errors import InvalidArgumentError, OutOfRangeError
from ...tensor import Tensor, convert_to_tensor

KERNEL = 'CropAndResize'
_METHOD_OP = ('Op<name=CropAndResize; signature=image:T, boxes:float, box_ind:int32, crop_size:int32 -> crops:float; '
              'attr=T:type,allowed=[DT_UINT8, DT_UINT16, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_HALF, DT_FLOAT, '
              'DT_DOUBLE]; attr=method:string,default="bilinear",allowed=["bilinear", "nearest"]; '
              'attr=extrapolation_value:float,default=0> [Op:CropAndResize]')


def _fail(error, note):
    error.add_note(note)
    raise error


def _kernel(text, op, note, cls=InvalidArgumentError):
    _fail(cls('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s]'
              % (KERNEL, text, KERNEL)), '%s: %s' % (op, note))


def _int32(value, what, op):
    """``value`` as TF converts it to an int32 tensor, on the host."""
    t = convert_to_tensor(value)
    kind = t._data.dtype.kind
    if kind not in 'iub':
        if isinstance(value, Tensor):
            _fail(ValueError('Tensor conversion requested dtype int32 for Tensor with dtype %s: %r'
                             % (t.dtype.name, value)), '%s: %s must hold integers' % (op, what))
        _fail(TypeError('Cannot convert %r to EagerTensor of dtype int32' % (value,)),
              '%s: %s must hold integers, got %r' % (op, what, value))
    return np.asarray(backend.to_host(t._data)).astype(np.int64)


def _dims(shape):
    return ','.join(str(d) for d in shape)


def check(x, boxes, box_indices, crop_size, method, op):
    """(boxes as float32, indices, (crop_height, crop_width)) or TensorFlow's error."""
    b = np.asarray(backend.to_host(boxes._data))
    index = _int32(box_indices, 'box_indices', op)
    size = _int32(crop_size, 'crop_size', op)
    if not isinstance(method, str):
        _fail(TypeError("Expected string for argument 'method' not %r." % (method,)),
              "%s: method must be 'bilinear' or 'nearest'" % op)
    if method not in ('bilinear', 'nearest'):
        _fail(InvalidArgumentError('Value for attr \'method\' of "%s" is not in the list of allowed values: '
                                   '"bilinear", "nearest"\n\t; NodeDef: {{node CropAndResize}}; %s'
                                   % (method, _METHOD_OP)), "%s: method must be 'bilinear' or 'nearest'" % op)
    if x.ndim != 4:
        _kernel('input image must be 4-D[%s]' % _dims(x.shape), op,
                'image must be 4-D (batch, height, width, channels), got shape %s' % (tuple(x.shape),))
    if x.shape[1] < 1 or x.shape[2] < 1:
        _kernel('image dimensions must be positive', op, 'images of shape %s have no pixels' % (tuple(x.shape),))
    if b.size or index.size:
        if b.ndim != 2:
            _kernel('boxes must be 2-D, got: [%s]' % _dims(b.shape), op, 'boxes must be (num_boxes, 4)')
        if b.shape[1] != 4:
            _kernel('boxes must have 4 columns', op, 'boxes must be (num_boxes, 4), got %s' % (b.shape,))
        if index.ndim != 1:
            _kernel('box_indices must be rank 1 but is shape [%s]' % _dims(index.shape), op,
                    'box_indices must be (num_boxes,), got shape %s' % (index.shape,))
        if index.shape[0] != b.shape[0]:
            _kernel('box_index has incompatible shape', op, 'boxes %s and box_indices %s differ in length'
                    % (b.shape, index.shape))
    if size.ndim != 1:
        _kernel('crop_size must be 1-D[%s]' % _dims(size.shape), op, 'crop_size must be [height, width]')
    if size.shape[0] != 2:
        _kernel('crop_size must have two elements[%s]' % _dims(size.shape), op, 'crop_size must be [height, width]')
    if size.min() <= 0:
        _kernel('crop dimensions must be positive', op, 'crop_size must be positive, got %s' % size.tolist())
    if index.size and (index.min() < 0 or index.max() >= x.shape[0]):
        _kernel('box_index has values outside [0, batch_size)', op, 'box_indices must be in [0, %d), got %s'
                % (x.shape[0], index.tolist()), OutOfRangeError)
    if not np.isfinite(b).all():
        _kernel('Boxes contains at least one element that is not finite', op, 'boxes must be finite')
    return b.reshape(-1, 4), index.reshape(-1), (int(size[0]), int(size[1]))
