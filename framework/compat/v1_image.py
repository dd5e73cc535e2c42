"""``tf.compat.v1.image``: TF 2's tf.image but for ``extract_glimpse``, whose TF 1 kernel takes each
offset as the window's centre and fills with uniform (or gaussian) noise (ops/image/glimpse.py), and
the resizes, TF 1's with align_corners and the legacy pixel grid (ops/image/resize_legacy.py)."""
import types

import framework
from ..ops.image.glimpse import extract_glimpse_v1
from ..ops.image import resize_legacy

image = types.ModuleType('framework.compat.v1.image', framework.image.__doc__)
image.extract_glimpse = extract_glimpse_v1
for _name in resize_legacy.__all__:
    setattr(image, _name, getattr(resize_legacy, _name))
image.resize = resize_legacy.resize_images
image.__getattr__ = lambda attribute: getattr(framework.image, attribute)
image.__dir__ = lambda: sorted(set(dir(framework.image)) | {'extract_glimpse', 'resize'} | set(resize_legacy.__all__))
