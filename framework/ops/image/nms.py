"""Non-maximum suppression as ``tf.image`` offers it: greedy selection by score, dropping boxes
that overlap a kept one by more than a threshold (IoU of [y1, x1, y2, x2] boxes, either corner
order, or a given overlap matrix). Runs on the host and returns indices: no gradients.
"""
import numpy as np

from ...tensor import Tensor
from ..operands import named_errors
from ..operands import as_tensor
from .boxes import _host
from . import nms_checks
from ..op_results import CombinedNonMaxSuppression
from .kernel_dtypes import refuse_dtype
from ...tf_python_names import tf_named

def _iou(box, others):
    y1, x1, y2, x2 = (np.minimum(box[0], box[2]), np.minimum(box[1], box[3]),
                      np.maximum(box[0], box[2]), np.maximum(box[1], box[3]))
    oy1, ox1 = np.minimum(others[:, 0], others[:, 2]), np.minimum(others[:, 1], others[:, 3])
    oy2, ox2 = np.maximum(others[:, 0], others[:, 2]), np.maximum(others[:, 1], others[:, 3])
    area, other_area = (y2 - y1) * (x2 - x1), (oy2 - oy1) * (ox2 - ox1)
    inter = np.maximum(np.minimum(y2, oy2) - np.maximum(y1, oy1), 0) * np.maximum(np.minimum(x2, ox2) - np.maximum(x1, ox1), 0)
    union = area + other_area - inter
    return np.where((area <= 0) | (other_area <= 0), 0.0, inter / np.where(union > 0, union, 1))


def _greedy(boxes, scores, max_output_size, iou_threshold, score_threshold, op, kernel=None):
    if kernel is not None:      # the public ops: TF's kernel checks its operands' dtypes
        for value in (boxes, scores):
            if isinstance(value, (str, bytes)):     # TF converts it to a float tensor first
                error = TypeError('Cannot convert %r to EagerTensor of dtype float' % (value,))
                error.add_note('%s: boxes and scores must be float32 tensors' % op)
                raise error
        boxes = refuse_dtype(as_tensor(boxes, op), kernel, op, 'boxes')
        scores = refuse_dtype(as_tensor(scores, op), kernel, op, 'scores')
    b, s = _host(boxes, op, 'boxes').astype(np.float64), _host(scores, op, 'scores').astype(np.float32)
    if kernel is not None:
        max_output_size, iou_threshold, score_threshold = nms_checks.check(
            kernel, b.shape, s.shape, max_output_size, iou_threshold, score_threshold, op)
    if b.ndim != 2 or b.shape[1] != 4 or s.shape != (b.shape[0],):
        raise ValueError('%s: boxes must be (num_boxes, 4) and scores (num_boxes,), got %s and %s' % (op, b.shape, s.shape))
    limit, threshold = int(max_output_size), float(iou_threshold)
    if limit < 0:
        raise ValueError('%s: max_output_size must be >= 0, got %d' % (op, limit))
    if not 0.0 <= threshold <= 1.0:
        raise ValueError('%s: iou_threshold must be in [0, 1], got %r' % (op, threshold))
    # Highest score first; equal scores keep the lower index first (TensorFlow's priority queue).
    order = [i for i in np.argsort(-s, kind='stable') if s[i] > float(score_threshold)]
    kept = []
    for i in order:
        if len(kept) == limit:
            break
        if not kept or np.all(_iou(b[i], b[kept]) <= threshold):
            kept.append(int(i))
    return np.asarray(kept, np.int32), s


@named_errors('image.non_max_suppression')
def non_max_suppression(boxes, scores, max_output_size, iou_threshold=0.5, score_threshold=float('-inf'), name=None):
    """Indices (int32) of at most ``max_output_size`` boxes, best score first, dropping each box whose IoU
    with a kept one exceeds ``iou_threshold`` and boxes scoring at most ``score_threshold``."""
    return Tensor(_greedy(boxes, scores, max_output_size, iou_threshold, score_threshold,
                          'image.non_max_suppression', 'NonMaxSuppressionV3')[0])


@named_errors('image.non_max_suppression_with_scores')
def non_max_suppression_with_scores(boxes, scores, max_output_size, iou_threshold=0.5,
                                    score_threshold=float('-inf'), soft_nms_sigma=0.0, name=None):
    """(indices, their scores) of non_max_suppression; soft NMS (sigma > 0) is not offered."""
    op = 'image.non_max_suppression_with_scores'
    if float(soft_nms_sigma) != 0.0:
        raise ValueError('%s: soft_nms_sigma must be 0 (hard suppression) here, got %r' % (op, soft_nms_sigma))
    kept, s = _greedy(boxes, scores, max_output_size, iou_threshold, score_threshold, op, 'NonMaxSuppressionV5')
    return Tensor(kept), Tensor(s[kept])



def _greedy_overlaps(overlaps, scores, limit, threshold, score_threshold):
    """Indices kept by greedy suppression with a precomputed (n, n) overlap matrix."""
    order = [i for i in np.argsort(-scores, kind='stable') if scores[i] > score_threshold]
    kept = []
    for i in order:
        if len(kept) == limit:
            break
        if not kept or np.all(overlaps[i, kept] <= threshold):
            kept.append(int(i))
    return kept


@tf_named('non_max_suppression_with_overlaps')
@named_errors('image.non_max_suppression_overlaps')
def non_max_suppression_overlaps(overlaps, scores, max_output_size, overlap_threshold=0.5,
                                 score_threshold=float('-inf'), name=None):
    """non_max_suppression with a given (num_boxes, num_boxes) overlap matrix instead of boxes."""
    op = 'image.non_max_suppression_overlaps'
    o, s = _host(overlaps, op, 'overlaps').astype(np.float64), _host(scores, op, 'scores').astype(np.float32)
    if o.ndim != 2 or o.shape[0] != o.shape[1] or s.shape != (o.shape[0],):
        raise ValueError('%s: overlaps must be (num_boxes, num_boxes) and scores (num_boxes,), got %s and %s'
                         % (op, o.shape, s.shape))
    limit = int(max_output_size)
    if limit < 0:
        raise ValueError('%s: max_output_size must be >= 0, got %d' % (op, limit))
    return Tensor(np.asarray(_greedy_overlaps(o, s, limit, float(overlap_threshold), float(score_threshold)), np.int32))


@named_errors('image.non_max_suppression_padded')
def non_max_suppression_padded(boxes, scores, max_output_size, iou_threshold=0.5, score_threshold=float('-inf'),
                               pad_to_max_output_size=False, name=None, sorted_input=False,
                               canonicalized_coordinates=False, tile_size=512):
    """(indices, number valid): non_max_suppression for boxes (n, 4) or batches (batch, n, 4); with
    ``pad_to_max_output_size`` the indices are zero-padded to max_output_size (batches always are)."""
    op = 'image.non_max_suppression_padded'
    b, s = _host(boxes, op, 'boxes'), _host(scores, op, 'scores')
    batched = b.ndim == 3
    if not batched:
        b, s = b[None], s[None]
    if b.ndim != 3 or s.shape != b.shape[:2]:
        raise ValueError('%s: boxes must be (n, 4) or (batch, n, 4) and scores (n,) or (batch, n), got %s and %s'
                         % (op, b.shape if batched else b.shape[1:], s.shape if batched else s.shape[1:]))
    limit = int(max_output_size)
    rows = [_greedy(b[k], s[k], limit, iou_threshold, score_threshold, op)[0] for k in range(len(b))]
    valid = np.asarray([len(r) for r in rows], np.int32)
    width = limit if (pad_to_max_output_size or batched) else int(valid[0])
    out = np.zeros((len(rows), width), np.int32)
    for k, r in enumerate(rows):
        out[k, :len(r)] = r
    return (Tensor(out), Tensor(valid)) if batched else (Tensor(out[0]), Tensor(valid[0]))


@named_errors('image.combined_non_max_suppression')
def combined_non_max_suppression(boxes, scores, max_output_size_per_class, max_total_size, iou_threshold=0.5,
                                 score_threshold=float('-inf'), pad_per_class=False, clip_boxes=True, name=None):
    """Per-class NMS over a batch, then the best ``max_total_size`` detections across classes.
    boxes: (batch, num_boxes, q, 4) with q 1 (shared) or num_classes; scores: (batch, num_boxes, num_classes).
    Returns (boxes (batch, n, 4), scores (batch, n), classes (batch, n) float32, valid_detections (batch,))."""
    op = 'image.combined_non_max_suppression'
    b, s = _host(boxes, op, 'boxes').astype(np.float32), _host(scores, op, 'scores').astype(np.float32)
    if b.ndim != 4 or b.shape[-1] != 4 or s.ndim != 3 or s.shape[:2] != b.shape[:2] or b.shape[2] not in (1, s.shape[2]):
        raise ValueError('%s: boxes must be (batch, num_boxes, q, 4) and scores (batch, num_boxes, num_classes) with q '
                         '1 or num_classes, got %s and %s' % (op, b.shape, s.shape))
    per_class, total = int(max_output_size_per_class), int(max_total_size)
    if per_class < 0 or total < 1:
        raise ValueError('%s: need max_output_size_per_class >= 0 and max_total_size >= 1, got %d and %d'
                         % (op, per_class, total))
    classes = s.shape[2]
    size = min(total, per_class * classes) if pad_per_class else total
    out_boxes, out_scores = np.zeros((len(b), size, 4), np.float32), np.zeros((len(b), size), np.float32)
    out_classes, valid = np.zeros((len(b), size), np.float32), np.zeros(len(b), np.int32)
    for n in range(len(b)):
        found = []
        for c in range(classes):
            class_boxes = b[n, :, c if b.shape[2] > 1 else 0]
            kept = _greedy(class_boxes, s[n, :, c], per_class, iou_threshold, score_threshold, op)[0]
            found.extend((s[n, i, c], c, class_boxes[i]) for i in kept)
        found.sort(key=lambda item: -item[0])             # stable: class order breaks ties
        found = found[:size]
        valid[n] = len(found)
        for k, (score, c, box) in enumerate(found):
            out_scores[n, k], out_classes[n, k] = score, c
            out_boxes[n, k] = np.clip(box, 0.0, 1.0) if clip_boxes else box
    return CombinedNonMaxSuppression(Tensor(out_boxes), Tensor(out_scores), Tensor(out_classes), Tensor(valid))
