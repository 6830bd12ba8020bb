/**
 * What the simulated camera shoots: a real 160×120 baseline JPEG (ImageMagick plasma, stripped of metadata), grown
 * to the size asked for with comment segments (FF FE, ITU T.81 B.2.4.5) after its SOI, so it stays a valid JPEG that
 * any decoder shows while the upload has the size of a real camera's photo.
 */
const BASE = Buffer.from(
  [
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxO',
    'UlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09P',
    'T09PT09PT0//wAARCAB4AKADASIAAhEBAxEB/8QAGgAAAgMBAQAAAAAAAAAAAAAAAwQAAgUBBv/EACoQAAEEAQMDBAEFAQAAAAAA',
    'AAEAAgMRIRIxQQRRYRMicYGRFDKhscHR/8QAGgEAAwEBAQEAAAAAAAAAAAAAAgMEAQUABv/EACIRAAICAgMBAQADAQAAAAAAAAAB',
    'AhEDIRIxQRMiBFFhgf/aAAwDAQACEQMRAD8A9hF1DXNGvFd1WUg2QaKTZI7agUYPyGlSxiXZIcHaKROtxvZEMeoizvuV3QGuxSuK',
    'cbG6Y5P/AIYs1lDHWD/KS6hpa7AGStL0nEasJSWsit+StjkXQ+LsUEzR7X/hcfM0ftOLVZWUTt/xJTFzNyCCq4Y4zFzReSWm5KVl',
    'kZVgKSOOguvCSlcHNrnumr+OmJyY4tDAeHYDc+FeOUA6XDwkA57TZFisIgfbh+Sp8mLiIljVUzRxRLShufYo7+EMO1DG6oJyHEEH',
    'CmUmid4PQjnGiNj8pZ8hAo4CbadfuDUJ7QT7hj4TFNNC5xVUwHqAsVY3Ekmx9q7mUDV0uNc0bt+FPKVEkoJaGYmkkHOM0nYSXc/K',
    'zmENNgkHuCmoZtIF3upsjsgyYq6NdkhcP9Ro5iDRSEE7SKsUj+q3VQOCrvmz7vKk9GiyQnY35VGOJfR38oEU4GwCI6RpzsULiRvE',
    '0zQa8aNJrtZSk7LbnuhtnDXjUUV8zCKc3CQ04gW4ujNma2zeOyWLGE6ZPpaEgY84S8kQJ22HAVeHI6B5NmVIzBo3lKSR1Zz+FrSx',
    'kYArOCk5mm6rjdXRy3ofGhEXqIcLHlVddnsryse0g/nygvcQb8pnDkrEZIb7GYHltgZRDpeLd3uykmv91gjyjmSx7seSop4GmJkm',
    'vRgU0Ww48KesHtOMpVz9J9owumyD/KR8qEZFaGG0QdWR2VHsa7Yah2Qw8gVl2NldsrawD9JM4tdnNyNonpubmh/xEukdrmluWgCu',
    'OVSStxspJNsmnNtAYuosb1wmB1JbWbA5WMOoDbGy47qiWlwdsuvk5XaR9i8l6Zu/rSMNNjxhNM6kv3duO68tH1jjYcR9JiHrHa61',
    'KaU2hUp1o9G3qNLqseEyOoBAFiivPN6nUNWqijw9YDISUFqTJJZa7NouFAg38KrpfCzh1eQBsVf9SBdnJWx7oyGSwk0pAoHndJTy',
    '0LJAx+VaWUFpr91pKUm8n4VWPjZRGb9LNfqwQPCHJFqDsjK61ode4IVXSFtgi62VH0a6PTafQBzDHkZCvHLrGn+1cPDhZItD0aMn',
    'deU3NbJ2r2dcCHEUP+K2pzQcWpHTm2fq1HvaGgE4+EprewZK0UNk6ueAuU7cFVDgHWD43XWSAWCd+ClTg2I+d6CtndeTjZHEoe2y',
    '7PZIk81/irqp21C1O8X9E+T+OntCkrg5ufyEvr3o7Ih57oOkDOrKtU3VM6Up5EXZKGXZGUZszQ2xuEoWrtENBaapTzSYjJkb7HWd',
    'QS3evCPHOGE5tZbXG7Lh8IvqmqBpS7TJZybNMdYQ6iN9ijfqmllAn7WF651ZO3lXPUGhpJI7BOSsyLlE2f1Y/af4QpepaTyPpZB6',
    'l12uesaDi7dURiqOjDLcdm3FPdU44Vnusk0DfflY8Upq7J8J6KdxYAdkyOhjvwYa+98OTDHhwLXC6CDG0OJOb+Vx7HNyEL70Yn4X',
    'fQJI/IQpH6twSfKIwEiyMqrg1w2/hebdHnoUeCBgfKpqGdQyiSMpx7BKymu47rYq0DHfgdvUEDS44Uu9jYKSJDvldbI5tjUa8opo',
    'VavRZt1uFV4GoC/pE0ODdFY3Qn62uPKXq7srXVFnaayQPCrhwoDNWuMLTevjwr6XDgBvBS5tCMmJPop6dbtusqBmurP+IzDTcg1s',
    'oPb2o/lSN7om+bF5raTdEDwgNedRaduKR5XiyClq9xOpPhOkC0/SzyQMnCpk3nAR61DuT4VHRvYcAUmwmgoToJ07qOD8pyOQ6wSD',
    'STa3TRGE1FI0jSN0adssg01sfZKWkkZTDZQ5wByEnG2z5COxo1DwipeBKmtDbnAC7r6Sr30SM58ozWluCT8FClDScfhCmwai0Ae7',
    '8pR/N0PhMOb7rzQQHODjdi1sHQcX+QDqaDp3QpHgA2CFaY6SSDdnblAdZuyqNNbJJ/lm09hcA7Y9kvNGNDsAnf4Wg9pF6u9IMkdA',
    'm8eVyPq2Xzg46MZodeMBFZMTnYhMPja7Ob8IekmgAQvOdoyLT7LCXg2gySmqV9Bo4N+Eu/Br8hDFJsyWON8kCkdk0VzTWRf2r4sm',
    'rPZV138DhNX+CciXpZslOuj+Eb1G402bSWuzi891AaBBNFHxI3DY857TgiyoGncYCWjeL9xzwjtObF0thKnTGRlQ5DI5uOU9A/UQ',
    'borLjkppBH0mYZqeLI7qprWxuOVGs0Dmie9oMzHVilSN4IsEWikGQVi0lN2HbbtCUmtoObSPUOoe1aM7C043CSePUPk/ynwVqxiU',
    'kZssrrpxz/aC6Yk75HblOTQjScGz3SEsekqmo0IlKMme/l6ctJNb+El1HT6iTRx4WvMfcSDdJOUNIP8Aa+bjJHVnjk5GZ6Fgg4Qz',
    '0zQLpOOAJvmkMsdXuJoo69RM8Uo9ivpUKwkpmgOsArV9MNCVlj84QwnTFtOJi9Q/S402ilDIXfux2Wj1sLvc4DjhZjhwMldDG1Ja',
    'Mq1aLeoRkgjyiMkHNINEg3wrRtIaaGO6NxQicV/QclorSbVmzkOIOwO6U17gnnC7qBIBN2sUUD816Pt6gajRRmSgO1Ws3UGjAwis',
    'fYoih3T4xfhk410ao6m6IOeyZb1fc/JCxxVWCCQutlc3xS2MNgwm7N71o5I6cRnCWkjbftNkcrPj6kDIOeUWLqNF+eypWO+joY5f',
    'k4+QBpDhZSUpa44Tkg12WkV8JOSNweTR2yVvBoRkxx7R76V2SD9JdxDnFjm4OLUUXydH0tJ9gxEGuIHuB3BVnQW3FqKLXJpCM0VQ',
    'IRaQcEjzukp4iCdOWndRRFFt7OfkikjP6llNOcFZskNHmu43UUVmKTomf56F3xEHG/dBcXNNA47qKK1OwZJdnDgXupYPKiiKKFRZ',
    '1rnWQK+1YvFUcKKI09mM7HKWAgbIpl1CtyVFFR2Ykrs4xxs0TfZGjeTduyoonx1sLkxuNzQLOyuQ2QA/hRRGj3aP/9k=',
  ].join(''),
  'base64',
);

/** The most a comment segment holds (its length WORD counts itself). */
const COMMENT_MAX = 0xffff - 2;

/** A JPEG of `size` bytes (3 more when `size` is 1-3 bytes past the base picture), FF D8 … FF D9. */
export function cameraJpeg(size = BASE.length, seed = 0): Buffer {
  let left = Math.max(0, size - BASE.length);
  if (left > 0 && left < 4) left = 4; // a comment segment is at least its marker and length
  const out = Buffer.alloc(BASE.length + left);
  out.writeUInt16BE(0xffd8, 0);
  let at = 2;
  while (left > 0) {
    // Full segments while more than one remains, never leaving a remainder too small to be a segment.
    let body = Math.min(COMMENT_MAX, left - 4);
    if (left - (body + 4) > 0 && left - (body + 4) < 4) body -= 4;
    out.writeUInt16BE(0xfffe, at);
    out.writeUInt16BE(body + 2, at + 2);
    for (let i = 0; i < body; i++) out[at + 4 + i] = 0x20 + ((i * 31 + seed * 7) % 0x5f); // printable, no FF
    at += body + 4;
    left -= body + 4;
  }
  BASE.copy(out, at, 2);
  return out;
}
