"""The dict type Keras 3 gives a layer's dict attributes (keras.src.utils.tracking.TrackedDict).

tapeflow finds sublayers and weights without wrapping attributes (tracking.py), so it needs this
type only where it shows: ``FeatureSpace.get_inputs()`` returns one, and Keras's tree compares
types, so a Functional model built on those Inputs and called with a plain dict of tensors (the
keras.io FeatureSpace example's inference model) warns that the structures differ, listing the
expected keys sorted.
"""


class TrackedDict(dict):
    """A plain dict that Keras 3's structure checks tell apart from dict."""
    __slots__ = ()
