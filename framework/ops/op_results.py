"""The namedtuples TF 2.21's generated op wrappers return for ops with several outputs, under TF's type
names, so that programs read fields (``tf.linalg.qr(a).q``, ``...valid_detections``) and print them as TF.
"""
import collections

_SAMPLED = ['sampled_candidates', 'true_expected_count', 'sampled_expected_count']
_BOX = ['begin', 'size', 'bboxes']
_FRACTIONAL = ['output', 'row_pooling_sequence', 'col_pooling_sequence']

Qr = collections.namedtuple('Qr', ['q', 'r'])
MaxPoolWithArgmax = collections.namedtuple('MaxPoolWithArgmax', ['output', 'argmax'])
FractionalMaxPool = collections.namedtuple('FractionalMaxPool', _FRACTIONAL)
FractionalAvgPool = collections.namedtuple('FractionalAvgPool', _FRACTIONAL)
SampleDistortedBoundingBoxV2 = collections.namedtuple('SampleDistortedBoundingBoxV2', _BOX)
StatelessSampleDistortedBoundingBox = collections.namedtuple('StatelessSampleDistortedBoundingBox', _BOX)
CombinedNonMaxSuppression = collections.namedtuple(
    'CombinedNonMaxSuppression', ['nmsed_boxes', 'nmsed_scores', 'nmsed_classes', 'valid_detections'])
SAMPLERS = {name: collections.namedtuple(name, _SAMPLED) for name in (
    'UniformCandidateSampler', 'LogUniformCandidateSampler', 'LearnedUnigramCandidateSampler',
    'FixedUnigramCandidateSampler', 'AllCandidateSampler')}
