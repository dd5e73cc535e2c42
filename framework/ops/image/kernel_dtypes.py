"""The dtypes TF 2.21's image kernels take, and the op registry's refusal of any other.

tapeflow's box and suppression ops run on the host in numpy, which would take any dtype;
TensorFlow's kernels list theirs, and a program given another sees the registry's words
(checked against /opt/tfref: /work/notes/progs/errors9/p/k1.py).
"""
from ...errors import InvalidArgumentError
from ..graph_input_errors import allowed_list_refusal, kernel_dtype_name

_NMS = ('half', 'float')

# kernel -> (allowed dtypes in TF's order, the Op<> text after its name (%s: the DT_ list), ' name: ' tail)
KERNELS = {
    'CropAndResize': (('uint8', 'uint16', 'int8', 'int16', 'int32', 'int64', 'half', 'float', 'double'),
                      'signature=image:T, boxes:float, box_ind:int32, crop_size:int32 -> crops:float; '
                      'attr=T:type,allowed=[%s]; attr=method:string,default="bilinear",allowed=["bilinear", '
                      '"nearest"]; attr=extrapolation_value:float,default=0', False),
    'DrawBoundingBoxesV2': (('float', 'half'), 'signature=images:T, boxes:float, colors:float -> output:T; '
                            'attr=T:type,default=DT_FLOAT,allowed=[%s]', False),
    'NonMaxSuppressionV3': (_NMS, 'signature=boxes:T, scores:T, max_output_size:int32, iou_threshold:T_threshold, '
                            'score_threshold:T_threshold -> selected_indices:int32; attr=T:type,default=DT_FLOAT,'
                            'allowed=[%s]; attr=T_threshold:type,default=DT_FLOAT,allowed=[DT_HALF, DT_FLOAT]', True),
    'NonMaxSuppressionV5': (_NMS, 'signature=boxes:T, scores:T, max_output_size:int32, iou_threshold:T, '
                            'score_threshold:T, soft_nms_sigma:T -> selected_indices:int32, selected_scores:T, '
                            'valid_outputs:int32; attr=T:type,default=DT_FLOAT,allowed=[%s]; '
                            'attr=pad_to_max_output_size:bool,default=false', True),
}
# tf.image.resize's kernels (TF 2.21 lists bfloat16 twice for ResizeBilinear)
_RESIZE_ATTRS = 'attr=align_corners:bool,default=false; attr=half_pixel_centers:bool,default=false'
_RESIZE_TYPES = ('int8', 'uint8', 'int16', 'uint16', 'int32', 'int64', 'half', 'float', 'double', 'bfloat16')
KERNELS.update({
    'ResizeBilinear': (('int8', 'uint8', 'int16', 'uint16', 'int32', 'int64', 'bfloat16', 'half', 'float', 'double',
                        'bfloat16'), 'signature=images:T, size:int32 -> resized_images:float; attr=T:type,allowed=[%s]; '
                       + _RESIZE_ATTRS, True),
    'ResizeNearestNeighbor': (_RESIZE_TYPES, 'signature=images:T, size:int32 -> resized_images:T; '
                              'attr=T:type,allowed=[%s]; ' + _RESIZE_ATTRS, True),
    'ResizeBicubic': (_RESIZE_TYPES, 'signature=images:T, size:int32 -> resized_images:float; '
                      'attr=T:type,allowed=[%s]; ' + _RESIZE_ATTRS, True),
    'ResizeArea': (_RESIZE_TYPES, 'signature=images:T, size:int32 -> resized_images:float; attr=T:type,allowed=[%s]; '
                   'attr=align_corners:bool,default=false', True),
    'ScaleAndTranslate': (('int8', 'uint8', 'int16', 'uint16', 'int32', 'int64', 'bfloat16', 'half', 'float',
                           'double'), 'signature=images:T, size:int32, scale:float, translation:float -> '
                          'resized_images:float; attr=T:type,allowed=[%s]; attr=kernel_type:string,default="lanczos3"; '
                          'attr=antialias:bool,default=true', True),
})


def refuse_dtype(t, kernel, op, what='images', named=None):
    """``t`` when ``kernel`` takes its dtype; else TensorFlow's InvalidArgumentError, tapeflow's words a note.
    ``named``: whether the error ends in ' name: ' (the eager fast path's tail), where the caller knows."""
    name = t.dtype.name
    shown = kernel_dtype_name(name)
    allowed, text, always_named = KERNELS[kernel]
    named = always_named if named is None else named
    if shown in allowed:
        return t
    error = InvalidArgumentError(
        "Value for attr 'T' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; "
        "Op<name=%s; %s> [Op:%s]%s" % (shown, ', '.join(allowed), kernel, kernel,
                                        text % ', '.join('DT_' + a.upper() for a in allowed), kernel,
                                        ' name: ' if named else ''))
    error.add_note('%s: TensorFlow has no %s kernel for %s %s; cast them to float32 first'
                   % (op, kernel, name, what))
    # (in a trace: op_def_library's TypeError, naming the OpDef's first input of type T)
    raise allowed_list_refusal(error, 'T', name, allowed, text.partition('signature=')[2].partition(';')[0])
