"""``tf.compat.v1.image``: TF 2's tf.image but for ``extract_glimpse``, whose TF 1 kernel takes each
offset as the window's centre and fills with uniform (or gaussian) noise (ops/image/glimpse.py)."""
import types

import framework
from ..ops.image.glimpse import extract_glimpse_v1

image = types.ModuleType('framework.compat.v1.image', framework.image.__doc__)
image.extract_glimpse = extract_glimpse_v1
image.__getattr__ = lambda attribute: getattr(framework.image, attribute)
image.__dir__ = lambda: sorted(set(dir(framework.image)) | {'extract_glimpse'})
