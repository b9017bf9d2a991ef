/**
 * Indian first and last names for the people of a made-up institute: the demo institute takes the
 * first `DEMO_FIRST_NAMES` and `DEMO_LAST_NAMES` of them, the benchmark's large institute all.
 * A list only grows at its end, so the demo's students keep their names.
 */
export const firstNames = [
  'Aarav',
  'Diya',
  'Ishaan',
  'Ananya',
  'Vihaan',
  'Saanvi',
  'Arjun',
  'Meera',
  'Kabir',
  'Riya',
  'Aditya',
  'Kavya',
  'Rohan',
  'Pooja',
  'Siddharth',
  'Nisha',
  'Farhan',
  'Tanvi',
  'Yash',
  'Zoya',
  'Priya',
  'Rahul',
  'Varun',
  'Sneha',
  'Karan',
  'Nikhil',
  'Isha',
  'Manish',
  'Lakshmi',
  'Harsh',
  'Divya',
  'Aishwarya',
  'Dev',
  'Shreya',
  'Amit',
  'Neha',
  'Vivek',
  'Pallavi',
];

export const lastNames = [
  'Kumar',
  'Patel',
  'Reddy',
  'Iyer',
  'Singh',
  'Nair',
  'Gupta',
  'Das',
  'Sharma',
  'Banerjee',
  'Joshi',
  'Khan',
  'Menon',
  'Chatterjee',
  'Kulkarni',
  'Verma',
  'Pillai',
  'Chopra',
  'Bose',
  'Mehta',
  'Rao',
  'Mishra',
  'Desai',
  'Agarwal',
  'Saxena',
  'Shetty',
];

// Twenty and seventeen have no common factor: the n-th demo student, first name n % 20 and last
// name n % 17, has a name of their own for the first 340 students.
export const DEMO_FIRST_NAMES = 20;
export const DEMO_LAST_NAMES = 17;
