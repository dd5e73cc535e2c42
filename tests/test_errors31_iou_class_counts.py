"""IoU metrics made with no or a negative class count fail in Keras 3's words on TF 2.21 (errors31, p_iou.py):
MeanIoU(0) and OneHotMeanIoU(0) reach max() of their empty target ids, a negative count fails making the
(n, n) confusion-matrix state, IoU(0, [0]) is the target-id range check; tapeflow refused all with its own
sentence (kept as a note)."""
import pytest

from framework import keras

M = keras.metrics


@pytest.mark.parametrize('make, text', [
    (lambda: M.MeanIoU(0), 'max() arg is an empty sequence'),
    (lambda: M.OneHotMeanIoU(0), 'max() arg is an empty sequence'),
    (lambda: M.MeanIoU(-1), "Cannot convert '(-1, -1)' to a shape. Negative dimensions are not allowed."),
    (lambda: M.IoU(0, [0]), 'Target class id 0 is out of range, which is [0, 0).'),
])
def test_iou_class_count_texts(make, text):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == text
    assert 'num_classes' in info.value.__notes__[0] or 'target_class_ids' in info.value.__notes__[0]
