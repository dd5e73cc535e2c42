"""The dtypes TF 2.21's image kernels take, and the op registry's refusal of any other.

tapeflow's box and suppression ops run on the host in numpy, which would take any dtype;
TensorFlow's kernels list theirs, and a program given another sees the registry's words
(checked against /opt/tfref: /work/notes/progs/errors9/p/k1.py).
"""
from ...errors import InvalidArgumentError
from ..graph_input_errors import kernel_dtype_name

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
    raise error
