"""The Unicode script of every code point, as ICU's UScriptCode numbers (what tf.strings.unicode_script
returns): 25 Latin, 8 Cyrillic, 0 Common, 1 Inherited, 103 Unknown, ...

Read off TensorFlow 2.21's UnicodeScript kernel (ICU's data) for all 0x110000 code points, and
stored as runs: "length:code" pairs, zlib-compressed and base64-encoded (1587 runs).
"""
import base64
import functools
import zlib

import numpy as np

_RUNS = (
    'eNqtWlm2JCkI3UouQcQx9r+w5iKDLyuquk6f/sqrgYqITOboT/nU8dT+GYHaFEhA1B0pHWufICZHrW1A3oJ7ED79UwuGUn3o0x5q'
    'ZxiA9BTOPgJo2kc/+mIA3R8BZerA45C0Z35oKGR+FhaR9hZ0yHg9bCv3EpAftu+9P7Q/60w/gQ9LA5CM5qnK1LBfWdSA/h4mTw9X'
    '/1QA5KOKFlTStZxKJ2gPx2YKcPAmcgEpGJ6gUyZkTzNIBDZhsQ7rkfNCw8S0nuWzEaDxSJi586G5eF/G6pnnsFjldD8LnRCIzo/j'
    'VU3RPp91Pb5UTVTj83zyHNuHTQWccL8MxtcVI1p89bOIEQllWt/7APRBNJKhoJgJ6++hSy96++vEujIn7XQdH6m93ktn5eIDu5Hs'
    'hFcvWO7Jck/menLUnc/yOgdfFNrbnb3o1vnm9yqigxTnK9DPKGFNipnw6u1JvF+n0DVmwvaHGUi5MNEJSY/TFsg+h/e27L1oKWH9'
    'IrhmYBeL4OZs/G6NmhOPa43mN4xhFbVfRo6UbWjahcWIsavSeqVugNO5/kHQkyAUIoi3EosJpxgSsF4YJitlX/P03gY2QGcmIH0R'
    '1F8mVmJil0rNbQTs9No9AJvLKixfHTc1cxo1Zj/jlv37IgGsrsIc15g5fMBP2rgQ7MddcoqztnkaoVnh2woMsrQ5xJUmsaZdCyjs'
    'vlHgqNzg9VeKkQQQeRpUgWwbFc3ZLq0BfLgUN/7VH/4g8DzkcAMCbDckrqsuuFlKXyiwJzQu+FCoP5HOLiJcnym9qTFEcR7RS68E'
    '7b2b/+N0MIyh+vOVZMxrmQrMrn+Cjz6s8bhaXqiVpx2Hum3MFKlWwUV9cvXLw0+r6TbDJ4shaay+d3sU1JqrGgal1W5p4QDtAosC'
    '8KUXl/YGFqWcugQBkK6lwAmnb1H7px+p4HPSUzfpzk049gBMmGhxF24MyFc3l6fX0O8e22/t6a6mImzBw8OZvsOKA1bd53p6D28j'
    'EIFiCYu7tVF9BjRCGlej3WSy2zOLbFPOtRozrQOzHbJogfBdn8EWvTRA0fLlNKJkgRmwgXB/EKzO645EZFExE/l8jDAMJ+RgaoSt'
    'QbPG8PhlvZ7ne/cAWINzDZxF+DuaLT9YfL9wjIqkU4xYegPSCyufEJa00PGAuP8v3es1jH+HTDmu3/F/v3D7Wsa698VJdu+Loppg'
    '1klx7Pgtx6lfbct+3EeF+9cLMsLSeDwlm7fU5YjfcqozdaZUQI3OdMVdzNAhPRmoxntd+mE8TZTyNC4mTGXBpyRtPUKEC7MyQsJv'
    '3FFB/26oZclRwrWP4vEMAVc1sPvbqv6vUBhfn6Uy6mFi3RaJ/QG2+w3W5klJ7Iw9ZlMZTU8qJ0Ss9nNqOlPhe9Yhn36JjgGvJYwH'
    'qUVkdKlFlLtRvcsFJ1c24viGWSOa02Sww5uWMNYDA6HoTjfaSarBDp3DrMdLrqVogMvRdwWjSl3LPkIwq0JDEiH3Rl3xOR+YF4ma'
    'uZRnb82dweSAcPGluF3R7Zfqitk5r4QaixbXAw0xzWG3iybFpjTbJxQbQnKYKxKM8I8ahCBxndtORgDDgZZIQLUBM+2rzPXMEOvJ'
    'rOeKbEEgahIr0/kxbP+iHOOKhwNrN27HUqcOx+daow2oeHdXNq4I4Av+6Ra0qJjsMKjtyNV1dAlLmsT/yOIoUgmiqWrqus5omOdR'
    '8azWzSQMvSA+iTbYzkJXd6fKn7xQO237TnuwM818gWAQVREtX1jqJgbsXAozjKM9YUkAW/HD8G4Q3rpD50bKQV5mdwds160Oy8U9'
    'pwtKri81LfJqjAWfPS4xpY5pLFr/APnSx1hvPhHx9LDPCGZCdCOx7Cj7r+4OXF0QgtljJUbLPEzIoPVTHdPLKWb69nEcn46+zRyh'
    '9ScuGQO5+YAqleaeTOtVMxZDJuBRJwOiQsZp+VbwJ7FbpkpdRw5P6XEPya2IaP2GZeqkg0qqfnd9gEGYlCxkA7okuexRbSh/35fd'
    'QKPZKOld7PFyBbaDWoq7H3CLawMYAWfgCshJcREjEooyz1YM+yahuUYyHrZtxW1FoDLqVWdyN9IVi5vfFMttOp5tpY8WPFo4yaGG'
    'q0XppGjDjNywLz230j0QWNnLF8EGrtnd4mhmlBICYq98fiRVsfRS0kiqlNE+GtttAYXPmoohwPA0SzHkE651KSb8cBbWamTZUxvr'
    'nKskkmtpNfdUEObwKsNpTDtwgdCiVd0/nUbdrjhhY6Cwu2YlbdcMDATPFSq5vGCJIUujCCvD0grHq/a7u9NYz/D6klyD0fMCCoY5'
    'r7dHzJgENb/IF4s2RkTMGX0sbaw4k+G3WNw/dcpyOnMsI9T9ugJojB4V0ytgD9zu/n43DtXwwjW1KIQVbQwfzxHXKQ4BJ64X0bzw'
    '3d8vDBO2fzMZX5gUjwv3a416Yb7XYJMj4rGSyws26wqn3delXdKgMeISRBgCD41AxBIBnFIeRtHWiBRk6tWw6kTnWwPOtPZ8Me6K'
    'RlrgoQ3a1V8bCCFVMZOIlGlEjKoNvISUlFTgpTgDg3C95ZcPWWDern10qKabYooXDZiraEAIaMwQ6JwmUPAqV7imMOS+1OEOUcJl'
    '181+NRBhoJH+b6zM6Wjs+5lg34O2VqiOKsyrBh8YN2X2dLuvRFtxqsT0GwDndsVZgVFce/1wBuTpI372bcmOlxzBCl44MlS8JPUo'
    'uwJv7LWQBv4Wbp62azSwRy5Dm3W6FytTbCrF5uCfi12MjuUlB12D7d5As9kTSnWNdzjZdj6qCN4j1ImvRB8PZcWTixnBOZ2GJ7ch'
    'egLu7nEh7WXOGJqFTZPX4bZXc0SXds2XGsEjHie7GrZerEJGO2SjaZklyIMQrHR3BnMsbTWo+44AaB+S3aN8C7+veWfzSAvG3x1e'
    'rWHHx+GBSxyDSOZ6YqB4qNiKU03iraIp1pB6d3NTbWQcq8+5JvaT6dIpXCzLhlF04nIiRJj2UxKwrA9xZMQikfVqyWW7jhYN3rU/'
    'w/2ZQXzNSPrJVLwE/+Wu6NBXBpCx+eg/Egi3Xr8S1vWDkO76gc39HfdzK8naTua65jSILVFiicAu6y3W4GG6nMUaUly/u2vCrgR2'
    'hWHdVjw8Nm1kDrmuh0pQjeWvErSuYHIht7TwibYcbCtXhta0WGU1TxpXNJiNqniuM6WWKqYZNj0TC6paxFRi0jP6vd/O6/WK7iXn'
    'fEj68cjuaARqL1+/Ef/twn+J3mZJTucL96/7yG0SxvQvXvvX5xprV3OiLdNj+PMsNV0Z6aXNCfnKXmliFrcHVrs0a8ffy+wnq4NR'
    'HNQxdvf3ao/Xgu6c9IJ0FcVWTniqtOWXat7I+bJsoJdwubu4TcX00lMahnVZi1NmiJQ7bm+wx1E8/7Jc86uTU0BW3D1zpqnoOutM'
    '3gXYwdWJkHt6ANiondKmP//XrOn0OW5HMxuCkgnPbz62nc+9mGg261xTcuK+0o5FCRD7t/+8IIGBi6cjkX8AMADdGw=='
)


@functools.lru_cache(maxsize=1)
def script_runs():
    """(run starts, script codes): code point c has script codes[searchsorted(starts, c, 'right') - 1]."""
    pairs = [pair.split(':') for pair in zlib.decompress(base64.b64decode(_RUNS)).decode().split()]
    lengths = np.array([int(length) for length, _ in pairs], np.int64)
    codes = np.array([int(code) for _, code in pairs], np.int32)
    return np.concatenate([[0], np.cumsum(lengths)[:-1]]), codes
